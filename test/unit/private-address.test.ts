import { describe, expect, it } from 'vitest';
import { privateAddress } from '../../src/compiler/check-external.ts';

describe('privateAddress: what check --external never requests by default', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:192.168.1.1',
    '::ffff:c0a8:101',
    '::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '0:0:0:0:0:ffff:7f00:1',
  ])('%s is private', (a) => {
    expect(privateAddress(a)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '64:ff9b::808:808'])('%s is public', (a) => {
    expect(privateAddress(a)).toBe(false);
  });
});
