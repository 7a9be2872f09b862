/**
 * Drafts of forms (issue 33): what someone typed into a form that is not sent yet stays in this
 * tab (sessionStorage) until it is sent or discarded, so moving to another page and back, or a
 * reload while AquaDesk does not answer, loses nothing ("nothing you have typed is lost", the
 * Can't reach AquaDesk notice). A draft belongs to the signed-in user: one entry holds the drafts
 * of one owner, another user's are never read (the next user's first draft replaces them, after
 * a session that ended without signing out), and signing out drops them (offline/sign-out.ts).
 *
 *   const draft = readDraft<MyValues>(user.id, 'request-create');   // null when none
 *   saveDraft(user.id, 'request-create', values);
 *   discardDraft(user.id, 'request-create');                         // sent or discarded
 */
import { DRAFTS_KEY } from './offline/sign-out.ts';

interface Drafts {
  owner: string;
  forms: Record<string, unknown>;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: no drafts
  }
}

/** The drafts of `owner` in this tab (none when the entry is another user's or unreadable). */
function draftsOf(owner: string): Drafts {
  try {
    const stored = JSON.parse(storage()?.getItem(DRAFTS_KEY) ?? 'null') as Drafts | null;
    if (stored && stored.owner === owner && stored.forms && typeof stored.forms === 'object') return stored;
  } catch {
    // A damaged entry is no draft.
  }
  return { owner, forms: {} };
}

function write(drafts: Drafts): void {
  try {
    const s = storage();
    if (!s) return;
    if (Object.keys(drafts.forms).length === 0) s.removeItem(DRAFTS_KEY);
    else s.setItem(DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // Storage full or blocked: the form still works, only without a draft.
  }
}

export function readDraft<T>(owner: string, form: string): T | null {
  return (draftsOf(owner).forms[form] as T | undefined) ?? null;
}

export function saveDraft(owner: string, form: string, value: unknown): void {
  const drafts = draftsOf(owner);
  write({ owner, forms: { ...drafts.forms, [form]: value } });
}

export function discardDraft(owner: string, form: string): void {
  const drafts = draftsOf(owner);
  if (!(form in drafts.forms)) return;
  const { [form]: _dropped, ...rest } = drafts.forms;
  write({ owner, forms: rest });
}
