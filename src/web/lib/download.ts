/**
 * A list's export as a file download (issue 34 item 1, ADR 037): the list's endpoint with the
 * page's filters and `format`, fetched with the session's bearer token (and one refresh on a 401,
 * as every call), then handed to the browser as a file under the name the server gives. Loaded
 * with the Export button only (components/export), never in the first visit's JavaScript. The QR
 * stickers (a unit's SVG, a customer's or region's PDF; issue 36) download the same way.
 */
import { currentLocale } from '#web/i18n/current.ts';
import { buildUrl, type QueryValue, refreshAccessToken, toApiError } from './api-client.ts';
import { session } from './session.ts';

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameOf(disposition: string | null): string | null {
  const m = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1] ?? null;
}

async function readError(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** What a download got: the file's name and the answer's headers (a PDF's X-Total-Count). */
export interface Downloaded {
  name: string;
  headers: Headers;
}

/**
 * Downloads `path` with `query`; resolves with the file's name (the server's, else `defaultName`,
 * else `export.<format>`) and the answer's headers, rejects with an ApiError (the server's message,
 * e.g. a 409 "PUBLIC_URL is not set", else `fallback`).
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallback: string,
  defaultName?: string,
): Promise<Downloaded> {
  const url = buildUrl(path, query);
  const attempt = async (token: string | null) => {
    try {
      return await fetch(url, {
        credentials: 'include',
        headers: {
          Accept: '*/*',
          'Accept-Language': currentLocale(),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    } catch {
      throw toApiError(0, null, fallback);
    }
  };
  let res = await attempt(session.get().accessToken);
  if (res.status === 401) {
    const token = await refreshAccessToken();
    if (!token) throw toApiError(401, await readError(res), fallback);
    res = await attempt(token);
  }
  if (!res.ok) throw toApiError(res.status, await readError(res), fallback);
  const blob = await res.blob();
  const name =
    fileNameOf(res.headers.get('content-disposition')) ?? defaultName ?? `export.${String(query.format ?? 'csv')}`;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return { name, headers: res.headers };
}
