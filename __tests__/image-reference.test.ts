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

  it.each([
    ['registry.example.com/team/agent@sha256:abc', /the digest `sha256:abc`, which is not `sha256:` followed by exactly 64 lower-case hex digits/],
    [`registry.example.com/team/agent@sha256:${HEX.toUpperCase()}`, /not `sha256:` followed by exactly 64 lower-case hex/],
    [`registry.example.com/team/agent@sha512:${HEX}${HEX}`, /the digest `sha512:/],
    ['registry.example.com/team/agent:v1 --rm', /without spaces or docker options/],
    ['registry.example.com/team agent', /without spaces/],
    ['registry.example.com/Team/agent:v1', /upper-case letters in its repository path `Team\/agent`/],
    ['Agent', /upper-case letters/],
    ['registry.example.com/team/agent:-v1', /the tag `-v1`/],
    [`registry.example.com/team/agent:${'t'.repeat(129)}`, /the tag/],
    ['registry.example.com/team//agent', /whose part `` is not/],
    ['registry.example.com/team/-agent', /whose part `-agent`/],
    ['registry-.example.com/agent', /the registry host `registry-.example.com`/],
    ['https://registry.example.com/agent', /must not start with a scheme/],
    ['registry.example.com/', /names no image repository/],
    [`r.example.com/${'a'.repeat(260)}`, /longer than 255/]
  ])('refuses %j, saying how to write it', (ref, problem) => {
    expect(() => parseImageReference(ref)).toThrow(problem)
    expect(() => parseImageReference(ref)).toThrow(/write it as `registry\.example\.com\/team\/agent@sha256:<64 hex digits>`/)
  })
})
