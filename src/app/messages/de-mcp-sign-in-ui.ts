/** The German of an MCP server's sign-in choice (./en-mcp-sign-in-ui.ts). */
import type { enMcpSignInUi } from './en-mcp-sign-in-ui';

export const deMcpSignInUi = {
  legend: 'Anmeldung',
  browser: 'Im Browser anmelden (OAuth)',
  browserNote:
    'Eine Person meldet sich auf der Seite des Servers an, wenn er danach fragt; Cove behält das Token.',
  clientSecret: 'Client-Anmeldedaten (ohne Person): Client-ID und Secret',
  privateKeyJwt: 'Client-Anmeldedaten mit signiertem Schlüssel (private_key_jwt)',
  credentialsNote:
    'Für Server, bei denen sich ein registrierter Client selbst anmelden darf. Verschlüsselt gespeichert, nicht in Sicherungen, außer Schlüssel werden einbezogen, und nur an den Token-Endpunkt des Autorisierungsservers gesendet, den dieser Server nennt.',
  clientId: 'Client-ID',
  secret: 'Client-Secret',
  privateKey: 'Privater Schlüssel (PEM oder JWK)',
  privateKeyPlaceholder: '-----BEGIN PRIVATE KEY-----',
  algorithm: 'Algorithmus',
} satisfies typeof enMcpSignInUi;
