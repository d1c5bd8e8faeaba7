import { describe, expect, it } from 'vitest';
import { classifyIp } from './ip-policy';

const refused: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.255', 'CGNAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['febf::1', 'link-local'],
  ['fc00::1', 'private'],
  ['fd12:3456::1', 'private'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped'],
  ['::ffff:7f00:1', 'IPv4-mapped'],
  ['::ffff:8.8.8.8', 'IPv4-mapped'],
  ['::127.0.0.1', 'IPv4-'], // ipaddr.js reads the dotted tail as mapped
  ['::7f00:1', 'IPv4-compatible'],
  ['::a9fe:a9fe', 'IPv4-compatible'],
  ['64:ff9b::127.0.0.1', 'NAT64'],
  ['64:ff9b::a9fe:a9fe', 'NAT64'],
  ['64:ff9b::10.0.0.1', 'NAT64'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4'],
  ['2002:c0a8:101::1', '6to4'],
  ['2001:0:4136:e378::1', 'tunnel'],
  ['2001:db8::1', 'reserved'],
  ['::ffff:0:127.0.0.1', 'IPv4-translated'],
  ['100::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['not an ip', 'not a valid'],
];

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '100.63.255.255',
  '100.128.0.1',
  '172.32.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
];

describe('classifyIp', () => {
  it.each(refused)('refuses %s (%s)', (address, words) => {
    const verdict = classifyIp(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toContain(words);
  });

  it.each(allowed)('allows the public address %s', (address) => {
    expect(classifyIp(address)).toEqual({ allowed: true });
  });

  it.each(['2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001', '017700000001'])(
    'refuses the odd IPv4 spelling %s of 127.0.0.1',
    (address) => {
      expect(classifyIp(address)).toEqual({ allowed: false, reason: 'a loopback address' });
    },
  );
});
