/** The start-up "where to open it" lines and QR code (issue 14). */
import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { FIELD_NEEDS_HTTPS, lanAddresses, whereText, whereToOpen } from '#server/modules/ops/where.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;
const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as os.NetworkInterfaceInfo;
const interfaces: Interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.23', 'IPv4'), nic('fe80::1', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
};

describe('where to open it', () => {
  it('lists the non-internal IPv4 addresses only', () => {
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.23', '10.0.0.7']);
  });

  it('HOST=0.0.0.0: Local, then one Network line per address, the HTTPS note, and the QR code of the first', () => {
    const where = whereToOpen({ host: '0.0.0.0', port: 3000, interfaces });
    expect(where.lines).toEqual([
      '  Local:   http://localhost:3000',
      '  Network: http://192.168.1.23:3000',
      '  Network: http://10.0.0.7:3000',
      FIELD_NEEDS_HTTPS,
    ]);
    expect(where.qrTarget).toBe('http://192.168.1.23:3000');
  });

  it('the default HOST=127.0.0.1: Local only, no QR code, and how to open it to the network', () => {
    const where = whereToOpen({ host: '127.0.0.1', port: 3000, interfaces });
    expect(where.lines[0]).toBe('  Local:   http://localhost:3000');
    expect(where.lines.join('\n')).toContain('HOST=0.0.0.0');
    expect(where.qrTarget).toBeUndefined();
  });

  it('a single address: that one is the Network line', () => {
    expect(whereToOpen({ host: '192.168.1.23', port: 8080, interfaces })).toEqual({
      lines: ['  Network: http://192.168.1.23:8080', FIELD_NEEDS_HTTPS],
      qrTarget: 'http://192.168.1.23:8080',
    });
  });

  it('PUBLIC_URL comes first and is the QR code', () => {
    const where = whereToOpen({ host: '0.0.0.0', port: 3000, publicUrl: 'http://aquadesk.lan:3000', interfaces });
    expect(where.lines[0]).toBe('  Public:  http://aquadesk.lan:3000');
    expect(where.qrTarget).toBe('http://aquadesk.lan:3000');
  });

  it('plain HTTP to other machines says in one line that the field needs HTTPS, and where to read how', async () => {
    expect(FIELD_NEEDS_HTTPS).toContain('technicians in the field need HTTPS');
    expect(FIELD_NEEDS_HTTPS).toContain('"Technicians in the field" in README.md');
    expect(FIELD_NEEDS_HTTPS).not.toContain('\n');
    const http = [
      whereToOpen({ host: '0.0.0.0', port: 3000, interfaces }),
      whereToOpen({ host: '10.0.0.7', port: 3000, interfaces }),
      // An http:// PUBLIC_URL is a name on the shop's network: still plain HTTP.
      whereToOpen({ host: '0.0.0.0', port: 3000, publicUrl: 'http://aquadesk.lan:3000', interfaces }),
    ];
    for (const where of http) expect(where.lines.filter((l) => l.includes('HTTPS'))).toEqual([FIELD_NEEDS_HTTPS]);
    const text = await whereText(http[0] as (typeof http)[number], { qr: false });
    expect(text.split('\n').filter((l) => l.includes('HTTPS'))).toEqual([FIELD_NEEDS_HTTPS]);
    // Not when only this computer reaches it (a TLS proxy on the same machine included), nor
    // behind HTTPS (PUBLIC_URL https://).
    const quiet = [
      whereToOpen({ host: '127.0.0.1', port: 3000, interfaces }),
      whereToOpen({ host: 'localhost', port: 3000, publicUrl: 'https://service.example.com', interfaces }),
      whereToOpen({ host: '0.0.0.0', port: 3000, publicUrl: 'https://service.example.com', interfaces }),
    ];
    for (const where of quiet) expect(where.lines.join('\n')).not.toContain('HTTPS');
  });

  it('the text holds the addresses and a terminal QR code', async () => {
    const text = await whereText(whereToOpen({ host: '0.0.0.0', port: 3000, interfaces }));
    expect(text).toContain('Network: http://192.168.1.23:3000');
    expect(text).toContain('Scan to open http://192.168.1.23:3000');
    // Block characters of the small terminal renderer, many lines of them.
    expect(text.split('\n').filter((l) => /[▀▄█]/.test(l)).length).toBeGreaterThan(10);
    const plain = await whereText(whereToOpen({ host: '0.0.0.0', port: 3000, interfaces }), { qr: false });
    expect(plain).toContain('Network: http://192.168.1.23:3000');
    expect(plain).not.toMatch(/[▀▄█]/);
  });
});
