import { describe, expect, it } from '@jest/globals'
import { parseImageReference } from '../src/inputs/image-reference.js'

const HEX = 'a1'.repeat(32)

describe('image-uri: the image reference grammar', () => {
  it.each([
    'agent',
    'img:2',
    'team/agent:v1.2.3',
    'registry.example.com/team/agent:v1',
    `registry.example.com/team/agent@sha256:${HEX}`,
    `registry.example.com:5000/tenants/t-1/agent:latest@sha256:${HEX}`,
    'localhost:5000/agent',
    '[::1]:5000/agent:dev',
    'Registry.Example.com/team/my_agent__x--y.z:_tag',
    'ghcr.io/acme/agents/support:sha-0123abc'
  ])('takes %s as it is', (ref) => {
    expect(parseImageReference(ref)).toBe(ref)
  })

  const ADVICE = "write it as `registry.example.com/team/agent@sha256:<64 hex digits>` (docker/build-push-action's `digest` output)"
  it.each([
    [
      'registry.example.com/team/agent@sha256:abc',
      /the digest `sha256:abc`, which is not `sha256:` followed by exactly 64 lower-case hex digits/,
      ADVICE
    ],
    [`registry.example.com/team/agent@sha256:${HEX.toUpperCase()}`, /not `sha256:` followed by exactly 64 lower-case hex/, ADVICE],
    [`registry.example.com/team/agent@sha512:${HEX}${HEX}`, /the digest `sha512:/, ADVICE],
    ['registry.example.com/team/agent:v1 --rm', /without spaces or docker options/, ADVICE],
    ['registry.example.com/team agent', /without spaces/, undefined],
    ['registry.example.com/Team/agent:v1', /upper-case letters in its repository path `Team\/agent`/, ADVICE],
    ['Agent', /upper-case letters/, 'write it as `agent@sha256:<64 hex digits>`'],
    ['registry.example.com/team/agent:-v1', /the tag `-v1`/, ADVICE],
    [`registry.example.com/team/agent:${'t'.repeat(129)}`, /the tag/, ADVICE],
    ['registry.example.com/team//agent', /the repository path `team\/\/agent`, with an empty part/, undefined],
    ['registry.example.com/team/-agent', /whose part `-agent`/, undefined],
    ['registry-.example.com/agent', /the registry host `registry-.example.com`/, undefined],
    ['https://registry.example.com/team/agent:v1', /must not start with a scheme/, ADVICE],
    ['registry.example.com/', /names no image repository/, undefined],
    [`r.example.com/${'a'.repeat(260)}`, /longer than 255/, undefined],
    // The advice is the input's own registry and path, never a made-up one.
    ['ghcr.io/acme/support-agent@sha256:abc', /the digest `sha256:abc`/, 'write it as `ghcr.io/acme/support-agent@sha256:<64 hex digits>`'],
    ['localhost:5000/agent:', /has an empty tag \(nothing after the `:`\)/, 'write it as `localhost:5000/agent@sha256:<64 hex digits>`'],
    ['ghcr.io/acme/agent@', /has an empty digest \(nothing after the `@`\)/, 'write it as `ghcr.io/acme/agent@sha256:<64 hex digits>`']
  ])('refuses %j, with advice from what it names, if anything', (ref, problem, advice) => {
    expect(() => parseImageReference(ref)).toThrow(problem)
    if (advice) expect(() => parseImageReference(ref)).toThrow(advice)
    else expect(() => parseImageReference(ref)).not.toThrow(/write it as/)
    expect(() => parseImageReference(ref)).not.toThrow(/``/)
  })
})
