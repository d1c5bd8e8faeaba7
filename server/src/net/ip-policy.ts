// Which IP addresses a user-supplied URL may reach: public unicast only (the address guard's core rule).
import ipaddr from 'ipaddr.js';

export type IpVerdict = { allowed: true } | { allowed: false; reason: string };

/** ipaddr.js range names of addresses that are not on the public Internet, in plain words. */
const REFUSED_RANGES: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (CGNAT) address',
  private: 'a private address',
  uniqueLocal: 'a private address',
  deprecatedSiteLocal: 'a private address',
  reserved: 'a reserved address',
  benchmarking: 'a reserved address',
  as112: 'a reserved address',
  as112v6: 'a reserved address',
  amt: 'a reserved address',
  discard: 'a reserved address',
  deprecatedOrchid: 'a reserved address',
  orchid2: 'a reserved address',
  droneRemoteIdProtocolEntityTags: 'a reserved address',
  segmentRouting: 'a reserved address',
  teredo: 'a tunnel address',
  rfc6145: 'an IPv4-translated address',
};

/** 2000::/3, the only IPv6 space handed out as global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** 64:ff9b::/96, the well-known NAT64 prefix: the last 32 bits are the IPv4 address behind it. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Whether `address` (an IP in canonical or any odd spelling ipaddr.js accepts) is public unicast.
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address;
 * mapped and compatible ones are refused outright since they only ever point at the host itself.
 */
export function classifyIp(address: string): IpVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return { allowed: false, reason: 'not a valid IP address' };
  }
  return parsed.kind() === 'ipv4' ? classifyV4(parsed as ipaddr.IPv4) : classifyV6(parsed as ipaddr.IPv6);
}

function classifyV4(ip: ipaddr.IPv4): IpVerdict {
  const range = ip.range();
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, reason: REFUSED_RANGES[range] ?? 'a reserved address' };
}

function classifyV6(ip: ipaddr.IPv6): IpVerdict {
  const parts = ip.parts;
  if (ip.isIPv4MappedAddress()) return { allowed: false, reason: 'an IPv4-mapped address' };
  if (parts.slice(0, 6).every((part) => part === 0) && !(parts[6] === 0 && parts[7]! <= 1)) {
    return { allowed: false, reason: 'an IPv4-compatible address' };
  }
  if (ip.match(NAT64_WELL_KNOWN)) {
    const inner = embeddedV4(parts[6]!, parts[7]!);
    return classifyV4(inner).allowed
      ? { allowed: true }
      : { allowed: false, reason: 'a NAT64 address of a non-public IPv4 address' };
  }
  const range = ip.range();
  if (range === '6to4') {
    const inner = embeddedV4(parts[1]!, parts[2]!);
    return classifyV4(inner).allowed
      ? { allowed: true }
      : { allowed: false, reason: 'a 6to4 address of a non-public IPv4 address' };
  }
  const refused = REFUSED_RANGES[range];
  if (refused !== undefined) return { allowed: false, reason: refused };
  if (range === 'rfc6052') return { allowed: false, reason: 'a local-use NAT64 address' };
  if (range !== 'unicast' || !ip.match(GLOBAL_UNICAST_V6))
    return { allowed: false, reason: 'a reserved address' };
  return { allowed: true };
}

function embeddedV4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
