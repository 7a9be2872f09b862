import { describe, expect, it } from 'vitest';
import { catalogueProblems, LOCALES, literalProblems, loadCatalogues, readSources, unusedKeys } from './check-i18n.ts';

const cats = loadCatalogues();
const sources = readSources();

describe('the catalogues (ADR 022)', () => {
  it('hold every namespace in all six languages', () => {
    expect(Object.keys(cats).sort()).toEqual([
      'account',
      'admin',
      'audit',
      'auth',
      'common',
      'customer-messages',
      'dashboard',
      'exports',
      'imports',
      'jobSheet',
      'jobs',
      'maintenance',
      'merge',
      'messages',
      'notifications',
      'offline',
      'publicUnit',
      'readings',
      // Issue 38: the Reports screen
      'reports',
      'requests',
      'server',
      'shell',
      'status',
      'stock',
      'system',
      'technician',
      // Issue 37: the technician's van
      'van',
    ]);
    for (const byLng of Object.values(cats)) expect(Object.keys(byLng).sort()).toEqual([...LOCALES].sort());
  });

  it('have every key of en-IN in every language, no other key, and the same placeholders', () => {
    expect(catalogueProblems(cats)).toEqual([]);
  });

  it('have no key that no code uses', () => {
    expect(unusedKeys(cats, sources)).toEqual([]);
  });

  it('leave no user-visible literal in the translated screens', () => {
    expect(literalProblems(sources)).toEqual([]);
  });

  // The checks themselves must be able to fail.
  it('catch a missing key, an extra key, a changed placeholder and a missing plural form', () => {
    const broken = structuredClone(cats);
    const hi = broken.admin?.hi as Record<string, string>;
    delete hi['users.title'];
    hi['users.extra'] = 'x';
    hi['users.deleteMessage'] = 'क्या आप {{user}} को डिलीट करना चाहते हैं?';
    const ta = broken.notifications?.ta as Record<string, string>;
    delete ta.unread_one;
    expect(catalogueProblems(broken)).toEqual([
      'hi/admin: missing key users.title',
      'hi/admin: key users.extra is not in en-IN',
      'hi/admin: users.deleteMessage has placeholders [user], en-IN has [name]',
      'ta/notifications: missing key unread_one',
    ]);
  });

  it('catch an unused key and a literal in a translated screen', () => {
    const extra = structuredClone(cats);
    (extra.common?.['en-IN'] as Record<string, string>).neverUsedAnywhere = 'Nobody reads me';
    expect(unusedKeys(extra, sources)).toEqual(['common:neverUsedAnywhere']);
    const screen = {
      file: 'src/web/features/users/Fake.tsx',
      text: [
        '<Button title="Remove user">',
        '  <Typography>Hello there</Typography>',
        "  const columns = [{ header: 'Email' }];",
        '</Button>',
        "useDocumentTitle('Sign in');",
        "toast.error(errorMessage(err, 'Failed to save'));",
      ].join('\n'),
    };
    expect(literalProblems([screen])).toEqual([
      'src/web/features/users/Fake.tsx:1: title "Remove user"',
      'src/web/features/users/Fake.tsx:2: text "Hello there"',
      "src/web/features/users/Fake.tsx:3: header 'Email'",
      "src/web/features/users/Fake.tsx:5: useDocumentTitle 'Sign in'",
      "src/web/features/users/Fake.tsx:6: errorMessage 'Failed to save'",
    ]);
    // The whole web UI is in scope (features, components, app); other code is not.
    expect(literalProblems([{ ...screen, file: 'src/web/app/pages/Fake.tsx' }])).toHaveLength(5);
    expect(literalProblems([{ ...screen, file: 'src/web/lib/Fake.tsx' }])).toEqual([]);
  });
});
