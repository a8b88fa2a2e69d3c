import { createSignal, For, Match, onMount, Switch } from 'solid-js';
import type { McpSampling, PendingSampling } from '../../app/mcp-sampling';
import { enMcpRequestsUi } from '../../app/messages/en-mcp-requests-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';
import './elicitation.css';

addEnglishArea('mcpRequests', enMcpRequestsUi);

/**
 * A server's request for a completion (MCP sampling), in the conversation: first the system
 * prompt and the messages it wants completed, editable, which go to the selected model only
 * on "Ask the model"; then the model's reply, editable, which goes back to the server only
 * on Send. Refuse answers the server at any step.
 */
export function SamplingPanel(props: { pending: PendingSampling; sampling: McpSampling }) {
  const { id, request } = props.pending;
  const { t, formats } = useI18n();
  const [systemPrompt, setSystemPrompt] = createSignal(request.systemPrompt);
  const [messages, setMessages] = createSignal(request.messages.map((message) => ({ ...message })));
  const [reply, setReply] = createSignal('');
  const headingId = `sampling-${id}`;
  let panel!: HTMLElement;
  onMount(() => panel.focus({ preventScroll: false }));
  const stage = () => props.pending.stage;
  const approve = () =>
    props.sampling.approve(id, { systemPrompt: systemPrompt(), messages: messages() });
  const refuse = () => (
    <button type="button" class="button" onClick={() => props.sampling.refuse(id)}>
      {t('mcpRequests.refuse')}
    </button>
  );

  return (
    <section class="elicitation-panel" ref={panel} tabindex="-1" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('mcpRequests.asksModel', request.serverName)}</h3>
      <Switch>
        <Match when={stage().step === 'review'}>
          <p class="elicitation-hint">{t('mcpRequests.reviewHint', request.serverName)}</p>
          <div class="elicitation-form">
            <div class="elicitation-field">
              <label for={`${headingId}-system`}>{t('mcpRequests.systemPrompt')}</label>
              <textarea
                id={`${headingId}-system`}
                rows={2}
                value={systemPrompt()}
                onInput={(event) => setSystemPrompt(event.currentTarget.value)}
              />
            </div>
            <For each={messages()}>
              {(message, index) => (
                <div class="elicitation-field">
                  <label for={`${headingId}-m${index()}`}>
                    {message.role === 'user'
                      ? t('mcpRequests.messageFromUser', formats().number(index() + 1))
                      : t('mcpRequests.messageAsAssistant', formats().number(index() + 1))}
                  </label>
                  <textarea
                    id={`${headingId}-m${index()}`}
                    rows={3}
                    value={message.text}
                    onInput={(event) => {
                      const text = event.currentTarget.value;
                      setMessages((list) =>
                        list.map((m, i) => (i === index() ? { ...m, text } : m)),
                      );
                    }}
                  />
                </div>
              )}
            </For>
            <p class="elicitation-hint">
              {t('mcpRequests.maxTokens', formats().number(request.maxTokens))}
            </p>
            <div class="elicitation-actions">
              <button type="button" class="button primary" onClick={approve}>
                {t('mcpRequests.askModel')}
              </button>
              {refuse()}
            </div>
          </div>
        </Match>
        <Match when={stage().step === 'asking'}>
          <p role="status">{t('mcpRequests.asking')}</p>
          <div class="elicitation-actions">{refuse()}</div>
        </Match>
        <Match
          when={(() => {
            const s = stage();
            return s.step === 'reply' ? s.reply : undefined;
          })()}
        >
          {(answer) => {
            setReply(answer().text);
            return (
              <div class="elicitation-form">
                <div class="elicitation-field">
                  <label for={`${headingId}-reply`}>
                    {t('mcpRequests.replyFrom', answer().model)}
                  </label>
                  <textarea
                    id={`${headingId}-reply`}
                    rows={5}
                    value={reply()}
                    onInput={(event) => setReply(event.currentTarget.value)}
                  />
                </div>
                <div class="elicitation-actions">
                  <button
                    type="button"
                    class="button primary"
                    onClick={() => props.sampling.send(id, reply())}
                  >
                    {t('mcpRequests.sendTo', request.serverName)}
                  </button>
                  {refuse()}
                </div>
              </div>
            );
          }}
        </Match>
        <Match
          when={(() => {
            const s = stage();
            return s.step === 'failed' ? s.message : undefined;
          })()}
        >
          {(message) => (
            <>
              <p class="elicitation-problem" role="alert">
                {t('mcpRequests.failed', message())}
              </p>
              <div class="elicitation-actions">
                <button type="button" class="button primary" onClick={approve}>
                  {t('mcpRequests.tryAgain')}
                </button>
                {refuse()}
              </div>
            </>
          )}
        </Match>
      </Switch>
    </section>
  );
}
