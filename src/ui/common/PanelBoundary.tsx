import { ErrorBoundary, type JSX } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import { useI18n } from './i18n';
import './panel-boundary.css';

/**
 * One panel of the shell. A panel that throws while it renders says so in its own place,
 * with a way to build it again, and the rest of Cove keeps working; the error goes to the
 * app log through `onError`.
 */
export function PanelBoundary(props: {
  /** The panel's name as the person knows it ("Files", "Assistant"), in the UI's language. */
  name: string;
  onError: (error: unknown, what: string) => void;
  children: JSX.Element;
}) {
  const { t } = useI18n();
  return (
    <ErrorBoundary
      fallback={(error: unknown, reset) => {
        props.onError(error, `The ${props.name} panel failed`);
        return (
          <section
            class="panel-failed"
            role="alert"
            aria-label={t('shell.panelFailedLabel', props.name)}
          >
            <p>
              <strong>{t('shell.panelFailed', props.name)}</strong> {errorText(error)}
            </p>
            <p>{t('shell.panelSafe')}</p>
            <button type="button" class="button" onClick={reset}>
              {t('shell.reloadPanel', props.name)}
            </button>
          </section>
        );
      }}
    >
      {props.children}
    </ErrorBoundary>
  );
}
