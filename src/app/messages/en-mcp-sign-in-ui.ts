/**
 * The English of an MCP server's sign-in choice (src/ui/settings/McpSignInChoice.tsx, see
 * ./en-ui.ts): loaded with Settings.
 */
export const enMcpSignInUi = {
  legend: 'Sign-in',
  browser: 'Sign in in the browser (OAuth)',
  browserNote: 'A person signs in on the server’s page when it asks; Cove keeps the token.',
  clientSecret: 'Client credentials (no person): client ID and secret',
  privateKeyJwt: 'Client credentials with a signed key (private_key_jwt)',
  credentialsNote:
    'For servers that let a registered client sign in on its own. Kept encrypted, out of backups unless keys are included, and sent only to the token endpoint of the authorization server this server names.',
  clientId: 'Client ID',
  secret: 'Client secret',
  privateKey: 'Private key (PEM or JWK)',
  privateKeyPlaceholder: '-----BEGIN PRIVATE KEY-----',
  algorithm: 'Algorithm',
};
