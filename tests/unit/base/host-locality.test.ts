import { describe, expect, it } from 'vitest';
import { classifyHost, describeHostRange, type HostRange } from '../../../src/base/host-locality';

/** The hostname the URL parser gives (Node's and Chromium's agree), as callers pass it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyHost', () => {
  it.each<[string, HostRange]>([
    // Names of this computer, with and without trailing dots, in any case.
    ['http://localhost/', 'loopback'],
    ['http://localhost.:8080/', 'loopback'],
    ['http://localhost../', 'loopback'],
    ['http://LocalHost./', 'loopback'],
    ['http://app.localhost/', 'loopback'],
    ['http://APP.LOCALHOST./', 'loopback'],
    ['http://a.b.localhost../', 'loopback'],
    ['http://localhost%2e/', 'loopback'],
    ['http://ｌｏｃａｌｈｏｓｔ/', 'loopback'],
    ['http://localhost.localdomain/', 'loopback'],
    ['http://localhost6/', 'loopback'],
    // 127.0.0.0/8 in every spelling the URL parser accepts.
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.255.255.254/', 'loopback'],
    ['http://127.0.0.1./', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0X7F.0.0.1/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://%31%32%37.0.0.1/', 'loopback'],
    // IPv6 loopback and IPv4 inside IPv6.
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://[::FFFF:7F00:0001]/', 'loopback'],
    ['http://[::ffff:0:7f00:1]/', 'loopback'],
    ['http://[::127.0.0.1]/', 'loopback'],
    ['http://[::7f00:1]/', 'loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['http://[2002:7f00:1::]/', 'loopback'],
    ['http://[::ffff:192.168.1.1]/', 'private'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['http://[64:ff9b::a00:1]/', 'private'],
    // The unspecified address reaches this computer.
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://0x0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://[::ffff:0.0.0.0]/', 'unspecified'],
    // Private networks.
    ['http://10.1.2.3/', 'private'],
    ['http://167772161/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://0xc0a80101/', 'private'],
    ['http://192.168.257/', 'private'],
    ['http://169.254.169.254/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://100.64.0.1/', 'shared'],
    ['http://100.127.255.254/', 'shared'],
    ['http://[fd12:3456::1]/', 'unique-local'],
    ['http://[fc00::1]/', 'unique-local'],
    ['http://[fec0::1]/', 'unique-local'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://239.255.255.250/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://192.0.2.1/', 'reserved'],
    ['http://198.18.0.1/', 'reserved'],
    ['http://203.0.113.9/', 'reserved'],
    ['http://[2001:db8::1]/', 'reserved'],
    ['http://[100::1]/', 'reserved'],
    ['http://[64:ff9b:1::a00:1]/', 'reserved'],
    ['http://printer.local/', 'local-name'],
    ['http://PRINTER.LOCAL./', 'local-name'],
    ['http://db.internal/', 'local-name'],
    ['http://nas.lan/', 'local-name'],
    ['http://router.home.arpa/', 'local-name'],
    // Public.
    ['https://example.com/', 'public'],
    ['https://example.com./', 'public'],
    ['http://8.8.8.8/', 'public'],
    ['http://134744072/', 'public'],
    ['http://172.32.0.1/', 'public'],
    ['http://100.128.0.1/', 'public'],
    ['http://[2606:4700:4700::1111]/', 'public'],
    ['http://[::ffff:8.8.8.8]/', 'public'],
    ['http://[64:ff9b::8.8.8.8]/', 'public'],
    ['http://[2002:808:808::1]/', 'public'],
    ['http://localhost.example.com/', 'public'],
    ['http://notlocalhost/', 'public'],
    ['http://local/', 'public'],
  ])('%s is %s', (url, range) => {
    const host = classifyHost(hostOf(url));
    expect(host.range).toBe(range);
    const locality =
      range === 'public'
        ? 'public'
        : range === 'loopback' || range === 'unspecified'
          ? 'loopback'
          : 'private';
    expect(host.locality).toBe(locality);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['2130706433', 'loopback'],
    [' LOCALHOST. ', 'loopback'],
    ['fe80::1', 'private'],
    ['Example.COM', 'public'],
  ])('takes a bare host too: %s is %s', (host, locality) => {
    expect(classifyHost(host).locality).toBe(locality);
  });

  it('names the IPv4 address carried inside an IPv6 one', () => {
    expect(classifyHost('[::ffff:7f00:1]').host).toBe('127.0.0.1');
    expect(classifyHost('localhost..').host).toBe('localhost');
    expect(classifyHost('[FD00::1]').host).toBe('fd00::1');
  });

  it('counts a host the URL parser refuses as public, without throwing', () => {
    expect(classifyHost('1.2.3.4.5')).toMatchObject({ locality: 'public' });
    expect(classifyHost('exa mple')).toMatchObject({ locality: 'public' });
    expect(classifyHost('')).toMatchObject({ locality: 'public' });
  });

  it('describes every range in words', () => {
    expect(describeHostRange('loopback')).toContain('this computer');
    expect(describeHostRange('shared')).toContain('carrier-grade NAT');
  });
});
