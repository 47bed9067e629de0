/**
 * A merchant's logo given as a URL (`logo: { url }`, contract/branding.ts) is fetched once, when it
 * is set, checked like an upload (type told by the bytes, at most 32 KB, SVG rules: logo-files.ts)
 * and then stored and served by the sandbox from its own origin
 * (docs/decisions/0030-sandbox-serving-and-headers.md). Otherwise every customer's browser would
 * fetch it from the merchant's host, which learns each customer's IP address and when they paid.
 *
 * The fetch is made by the server on a merchant's say-so, so it keeps to the public internet
 * (server-side request forgery): https only, every address the host name resolves to must be
 * public (not loopback, private, link-local, carrier-grade NAT, multicast or reserved, in IPv4 or
 * IPv6, IPv4-mapped included), and the connection goes to the address that was checked (a second
 * DNS answer cannot swap in 127.0.0.1). No redirects are followed; at most 5 s and 32 KB + 1 byte
 * are read. Tests pass their own {@link LogoFetcher} (`SandboxOptions.logoFetcher`).
 */
import { lookup } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { maxLogoBytes } from '../../../contract/branding';
import type { LogoFetcher } from '../../core/logo-fetcher';
import { LogoRefused } from './logo-files';

/** How long one logo fetch may take, in milliseconds. */
export const logoFetchTimeoutMs = 5000;

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved and broadcast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise, checked below
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) is on the public internet. An IPv4-mapped IPv6
 * address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return isPublicAddress(mapped[1]);
  return !notPublic.check(address, 'ipv6');
}

/**
 * The address to connect to for `hostname`: itself when it is an IP literal, else every address
 * DNS gives, all of which must be public (one private answer refuses the host: a name that
 * resolves both ways is not trusted).
 * @throws LogoRefused when the host does not resolve or any of its addresses is not public.
 */
async function publicAddressOf(hostname: string): Promise<{ address: string; family: 4 | 6 }> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(literal) !== 0) {
    addresses = [{ address: literal, family: isIP(literal) }];
  } else {
    try {
      addresses = await lookup(literal, { all: true, verbatim: true });
    } catch {
      throw new LogoRefused(`its host ${hostname} could not be found`);
    }
  }
  const first = addresses[0];
  if (first === undefined) throw new LogoRefused(`its host ${hostname} could not be found`);
  if (!addresses.every(({ address }) => isPublicAddress(address))) {
    throw new LogoRefused(`its host ${hostname} is not on the public internet`);
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * The sandbox's own {@link LogoFetcher}: a GET over https to a public address (see the module
 * docs), 200 only, no redirects, at most {@link logoFetchTimeoutMs} and `maxLogoBytes + 1` bytes.
 * @throws LogoRefused naming why (not https, not public, no answer, a status other than 200).
 */
export const fetchPublicLogo: LogoFetcher = async (url) => {
  if (url.protocol !== 'https:') throw new LogoRefused('must be an https URL');
  const target = await publicAddressOf(url.hostname);
  return new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const outgoing = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'image/png, image/svg+xml', 'user-agent': 'ServiceSandbox-Logo/1' },
        // Connect to the address that was checked; the certificate is still checked against the
        // host name (SNI and verification use `url.hostname`).
        lookup: (_hostname, options, callback) => {
          if (typeof options === 'object' && options.all === true) {
            callback(null, [{ address: target.address, family: target.family }]);
          } else {
            callback(null, target.address, target.family);
          }
        },
        timeout: logoFetchTimeoutMs,
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          const status = String(response.statusCode ?? 0);
          reject(
            new LogoRefused(
              response.statusCode !== undefined &&
                response.statusCode >= 300 &&
                response.statusCode < 400
                ? `its address redirects (${status}); give the image's own address`
                : `its address answered ${status}, not 200`,
            ),
          );
          return;
        }
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          chunks.push(chunk);
          // One byte over the limit is enough for the size check to refuse it.
          if (size > maxLogoBytes) {
            response.destroy();
            resolve(Buffer.concat(chunks).subarray(0, maxLogoBytes + 1));
          }
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', () => reject(new LogoRefused('its download broke off')));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy(new LogoRefused(`it did not arrive within ${logoFetchTimeoutMs / 1000} s`));
    });
    outgoing.on('error', (error) => {
      reject(error instanceof LogoRefused ? error : new LogoRefused('it could not be downloaded'));
    });
    outgoing.end();
  });
};
