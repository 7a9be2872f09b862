/**
 * "Where to open it", printed when the server is ready (issue 14): the address on this computer,
 * and when the server listens on every interface, one address per network card a phone on the
 * same Wi-Fi can reach, with a QR code of the first so a technician scans it from the screen.
 * PUBLIC_URL, when set, is the address people use: it comes first and is the one QR-coded.
 * Served over plain HTTP to other machines (HOST not loopback, PUBLIC_URL not https://), one line
 * says that this is for the shop's network only and technicians in the field need HTTPS, with
 * the README section that tells how (issue 32).
 */
import os from 'node:os';
import QRCode from 'qrcode';

export interface Where {
  lines: string[];
  /** The address worth a QR code (none when only this computer can open the app). */
  qrTarget?: string;
}

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The one line printed when other machines reach AquaDesk over plain HTTP. */
export const FIELD_NEEDS_HTTPS =
  '  Plain HTTP is for the shop\'s network only: technicians in the field need HTTPS. See "Technicians in the field" in README.md.';

/** The non-internal IPv4 addresses of this machine, in the order the OS lists its interfaces. */
export function lanAddresses(interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces()): string[] {
  const found: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      // Node 18.0-18.3 reported family as a number.
      const v4 = a.family === 'IPv4' || (a.family as unknown) === 4;
      if (v4 && !a.internal && !found.includes(a.address)) found.push(a.address);
    }
  }
  return found;
}

export function whereToOpen(opts: {
  host: string;
  port: number;
  publicUrl?: string;
  interfaces?: ReturnType<typeof os.networkInterfaces>;
}): Where {
  const { host, port, publicUrl } = opts;
  const lines: string[] = [];
  const network: string[] = [];
  if (publicUrl) lines.push(`  Public:  ${publicUrl}`);
  if (ALL_INTERFACES.has(host) || LOOPBACK.has(host)) lines.push(`  Local:   http://localhost:${port}`);
  if (ALL_INTERFACES.has(host)) {
    for (const address of lanAddresses(opts.interfaces)) network.push(`http://${address}:${port}`);
  } else if (!LOOPBACK.has(host)) {
    network.push(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  }
  for (const url of network) lines.push(`  Network: ${url}`);
  if (LOOPBACK.has(host) && !publicUrl) {
    lines.push(
      '  Only this computer can open it. To use it from phones on the same network, start it with HOST=0.0.0.0.',
    );
  }
  if (!LOOPBACK.has(host) && !publicUrl?.startsWith('https://')) lines.push(FIELD_NEEDS_HTTPS);
  const qrTarget = publicUrl ?? network[0];
  return qrTarget ? { lines, qrTarget } : { lines };
}

/**
 * The whole text: the addresses, then the QR code (small: two modules per character). `qr: false`
 * leaves the code out (main.ts: when stderr is not a terminal, e.g. the systemd journal).
 */
export async function whereText(where: Where, { qr = true }: { qr?: boolean } = {}): Promise<string> {
  let text = `\nAquaDesk is ready. Open it at:\n${where.lines.join('\n')}\n`;
  if (qr && where.qrTarget) {
    const qr = await QRCode.toString(where.qrTarget, { type: 'terminal', small: true });
    text += `\nScan to open ${where.qrTarget} on a phone:\n${qr}\n`;
  }
  return text;
}
