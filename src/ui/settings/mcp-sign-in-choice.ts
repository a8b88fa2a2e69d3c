import { createSignal } from 'solid-js';
import { JWT_ALGORITHMS, type McpClientCredentials } from '../../mcp/server-config';

/** How an MCP server signs in: in the browser (OAuth with a person) or with client credentials. */
export type McpSignInKind = 'browser' | McpClientCredentials['kind'];

/**
 * The sign-in fields of the MCP server form, as signals: the kind chosen and what each kind
 * needs. Fields of the kinds not chosen keep what was typed, so switching back loses nothing.
 */
export function createSignInChoice(existing: McpClientCredentials | undefined) {
  const [kind, setKind] = createSignal<McpSignInKind>(existing?.kind ?? 'browser');
  const [clientId, setClientId] = createSignal(existing?.clientId ?? '');
  const [clientSecret, setClientSecret] = createSignal(
    existing?.kind === 'client-secret' ? existing.clientSecret : '',
  );
  const [privateKey, setPrivateKey] = createSignal(
    existing?.kind === 'private-key-jwt' ? existing.privateKey : '',
  );
  const [algorithm, setAlgorithm] = createSignal<string>(
    existing?.kind === 'private-key-jwt' ? existing.algorithm : JWT_ALGORITHMS[0],
  );
  return {
    kind,
    setKind,
    clientId,
    setClientId,
    clientSecret,
    setClientSecret,
    privateKey,
    setPrivateKey,
    algorithm,
    setAlgorithm,
    /** The client credentials chosen, unchecked (the service checks them); none for the browser. */
    credentials(): McpClientCredentials | undefined {
      switch (kind()) {
        case 'client-secret':
          return { kind: 'client-secret', clientId: clientId(), clientSecret: clientSecret() };
        case 'private-key-jwt':
          return {
            kind: 'private-key-jwt',
            clientId: clientId(),
            privateKey: privateKey(),
            algorithm: algorithm(),
          };
        default:
          return undefined;
      }
    },
  };
}

export type SignInChoice = ReturnType<typeof createSignInChoice>;

/** The draft's `signIn` field: present only when client credentials are chosen. */
export function signInOf(choice: SignInChoice): { signIn?: McpClientCredentials } {
  const signIn = choice.credentials();
  return signIn ? { signIn } : {};
}
