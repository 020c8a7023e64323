// Which server versions a page offers a reload for: a later release or another build of its own, never an earlier
// release (an old process answering during a rolling upgrade).

import { describe, expect, it } from 'vitest';
import { isNewerBuild, HANDSHAKE_QUERY } from '../../src/lib/client/versions.ts';

describe('a new release', () => {
  it('is a later release, or another build of this one; never an earlier release or the same build', () => {
    expect(isNewerBuild('0.3.0+1234567', '0.2.0+abcdef0')).toBe(true);
    expect(isNewerBuild('0.2.1+1234567', '0.2.0+abcdef0')).toBe(true);
    expect(isNewerBuild('1.0.0+1234567', '0.9.9+abcdef0')).toBe(true);
    expect(isNewerBuild('0.2.0+1234567', '0.2.0+abcdef0')).toBe(true);
    expect(isNewerBuild('0.2.0+abcdef0', '0.2.0+abcdef0')).toBe(false);
    expect(isNewerBuild('0.1.0+6ac6785', '0.2.0+abcdef0')).toBe(false);
    expect(isNewerBuild('0.10.0+1', '0.9.0+1')).toBe(true);
    // SvelteKit's default name (a build time), an older release's: another build
    expect(isNewerBuild('1764245000000', '0.2.0+abcdef0')).toBe(true);
  });

  it('every socket of the page names the protocol it speaks', () => {
    expect(HANDSHAKE_QUERY).toEqual({ protocol: '1' });
  });
});
