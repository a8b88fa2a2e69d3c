import { ErrorBoundary, type JSX } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import './panel-boundary.css';

/**
 * One panel of the shell. A panel that throws while it renders says so in its own place,
 * with a way to build it again, and the rest of Cove keeps working; the error goes to the
 * app log through `onError`.
 */
export function PanelBoundary(props: {
  /** The panel's name as the person knows it ("Files", "Assistant"). */
  name: string;
  onError: (error: unknown, what: string) => void;
  children: JSX.Element;
}) {
  return (
    <ErrorBoundary
      fallback={(error: unknown, reset) => {
        props.onError(error, `The ${props.name} panel failed`);
        return (
          <section class="panel-failed" role="alert" aria-label={`${props.name} failed`}>
            <p>
              <strong>The {props.name} panel failed.</strong> {errorText(error)}
            </p>
            <p>
              Your files and conversations are safe. Reload the panel; if it fails again, the Logs
              say more.
            </p>
            <button type="button" class="button" onClick={reset}>
              Reload {props.name}
            </button>
          </section>
        );
      }}
    >
      {props.children}
    </ErrorBoundary>
  );
}
