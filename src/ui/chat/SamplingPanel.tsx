import { createSignal, For, Match, onMount, Switch } from 'solid-js';
import type { McpSampling, PendingSampling } from '../../app/mcp-sampling';
import './elicitation.css';

/**
 * A server's request for a completion (MCP sampling), in the conversation: first the system
 * prompt and the messages it wants completed, editable, which go to the selected model only
 * on "Ask the model"; then the model's reply, editable, which goes back to the server only
 * on Send. Refuse answers the server at any step.
 */
export function SamplingPanel(props: { pending: PendingSampling; sampling: McpSampling }) {
  const { id, request } = props.pending;
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
      Refuse
    </button>
  );

  return (
    <section class="elicitation-panel" ref={panel} tabindex="-1" aria-labelledby={headingId}>
      <h3 id={headingId}>{request.serverName} asks the model for a reply</h3>
      <Switch>
        <Match when={stage().step === 'review'}>
          <p class="elicitation-hint">
            Nothing goes to the model until you choose Ask the model, and its reply goes back to{' '}
            {request.serverName} only when you send it. You can edit what is sent.
          </p>
          <div class="elicitation-form">
            <div class="elicitation-field">
              <label for={`${headingId}-system`}>System prompt</label>
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
                    Message {index() + 1} (
                    {message.role === 'user' ? 'from the server as user' : 'as assistant'})
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
            <p class="elicitation-hint">At most {request.maxTokens} tokens in the reply.</p>
            <div class="elicitation-actions">
              <button type="button" class="button primary" onClick={approve}>
                Ask the model
              </button>
              {refuse()}
            </div>
          </div>
        </Match>
        <Match when={stage().step === 'asking'}>
          <p role="status">Asking the model…</p>
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
                  <label for={`${headingId}-reply`}>Reply from {answer().model}</label>
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
                    Send to {request.serverName}
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
                The model could not answer: {message()}
              </p>
              <div class="elicitation-actions">
                <button type="button" class="button primary" onClick={approve}>
                  Try again
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
