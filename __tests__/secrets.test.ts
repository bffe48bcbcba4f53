import { describe, expect, it } from '@jest/globals'
import { parseSecrets } from '../src/inputs/secrets.js'

describe('parseSecrets: NAME=VALUE lines', () => {
  it.each([
    ['a plain value', 'A=b', [{ name: 'A', value: 'b' }]],
    ['`=` inside the value', 'URL=postgres://u:p@h/db?a=b', [{ name: 'URL', value: 'postgres://u:p@h/db?a=b' }]],
    ['spaces, commas and quotes kept exactly', 'MSG= "hi, there" \'x\' ', [{ name: 'MSG', value: ' "hi, there" \'x\' ' }]],
    ['`#` in a value is not a comment', 'TOKEN=abc#def', [{ name: 'TOKEN', value: 'abc#def' }]],
    [
      'underscores and digits in names',
      '_A1=x\nb_2=y',
      [
        { name: '_A1', value: 'x' },
        { name: 'b_2', value: 'y' }
      ]
    ],
    [
      'blank lines and comment lines skipped',
      '\n# comment\nA=1\n\n  \nB=2\n',
      [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' }
      ]
    ],
    [
      'CRLF line ends',
      'A=1\r\nB=2\r\n',
      [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' }
      ]
    ],
    ['a colon after the `=`', 'A=b: c', [{ name: 'A', value: 'b: c' }]]
  ])('reads %s', async (_case, raw, expected) => {
    expect(await parseSecrets(raw)).toEqual({ secrets: expected, problems: [] })
  })

  it.each([
    ['a name starting with a digit', 'A=s3cr3t-one\n1B=s3cr3t-two', 'line 2: the name before `=`'],
    ['a name with a dash', 'MY-KEY=s3cr3t-two', 'line 1: the name before `=`'],
    ['a space before `=`', 'KEY =s3cr3t-two', 'line 1: the name before `=`'],
    ['an empty name', '=s3cr3t-two', 'line 1: the name before `=`'],
    ['a duplicate', 'A=s3cr3t-one\n\nA=s3cr3t-two', 'line 3: `A` is already set on line 1']
  ])('rejects %s, naming the line and not the value', async (_case, raw, expected) => {
    const { problems } = await parseSecrets(raw)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(expected)
    expect(problems[0]).not.toMatch(/s3cr3t/)
  })

  it('treats an input of only comments and blank lines as unset, not as "no secrets"', async () => {
    expect(await parseSecrets('# OPENAI_API_KEY=x\n\n  # B=y\n')).toEqual({ problems: [] })
    expect(await parseSecrets('{}')).toEqual({ secrets: [], problems: [] })
  })
})

describe('parseSecrets: YAML or JSON mapping', () => {
  it('reads a YAML mapping', async () => {
    expect(await parseSecrets('A: one\nB: "two: three"')).toEqual({
      secrets: [
        { name: 'A', value: 'one' },
        { name: 'B', value: 'two: three' }
      ],
      problems: []
    })
  })

  it('reads a JSON mapping', async () => {
    expect((await parseSecrets('{"A": "x=y", "B": " b "}')).secrets).toEqual([
      { name: 'A', value: 'x=y' },
      { name: 'B', value: ' b ' }
    ])
  })

  it.each([
    ['a line', 'A=1\nEMPTY=', 'line 2: `EMPTY`'],
    ['a line of spaces', 'EMPTY=   ', 'line 1: `EMPTY`'],
    ['a mapping', '{"A": "1", "EMPTY": ""}', 'key `EMPTY` (line 1): `EMPTY`']
  ])('refuses an empty value in %s, naming the secret and the likely cause', async (_case, raw, where) => {
    const { secrets, problems } = await parseSecrets(raw)
    expect(problems).toEqual([
      `${where} is empty: the repository secret it comes from is probably missing (GitHub passes a missing secret as an empty value); ` +
        'add the secret to the repository (or its environment), or remove this line'
    ])
    expect(secrets?.map((s) => s.name)).not.toContain('EMPTY')
  })

  it('rejects a non-string value, naming the key and line, not the value', async () => {
    const { problems } = await parseSecrets('A: ok\nPORT: 8123')
    expect(problems).toEqual(['key `PORT` (line 2): the value must be a string; quote it'])
  })

  it('rejects a duplicate key', async () => {
    expect((await parseSecrets('A: x\nA: y')).problems).toEqual(['key `A` is set more than once'])
  })

  it('rejects an invalid name', async () => {
    expect((await parseSecrets('my-key: x')).problems[0]).toMatch(/^key `my-key` \(line 1\): a secret name must be/)
  })

  it('rejects a list and a scalar', async () => {
    expect((await parseSecrets('- a\n- b')).problems[0]).toContain('must be `NAME=VALUE` lines or a YAML/JSON mapping')
    expect((await parseSecrets('just-words')).problems[0]).toContain('must be `NAME=VALUE` lines or a YAML/JSON mapping')
  })

  it('reports broken YAML by position, without echoing it', async () => {
    const { problems } = await parseSecrets('A: "unterminated-secret-value')
    expect(problems[0]).toMatch(/not valid YAML or JSON \(line 1\)/)
    expect(problems[0]).not.toContain('unterminated-secret-value')
  })
})
