/** How the client reaches the control plane: read from the inputs, used by the client. */
export type Credential = { kind: 'api-key' | 'bearer-token'; value: string }

export interface Connection {
  baseUrl: string
  credential: Credential
  tenantId?: string
}
