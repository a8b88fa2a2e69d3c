import { createEffect, createSignal, For, on, onCleanup, Show } from 'solid-js';
import {
  createMcpComposer,
  resourceAttachment,
  type McpAttachment,
  type McpServerOffer,
} from '../../app/mcp-composer';
import type { AppServices } from '../../app/services';
import type { expandTemplate, McpResourceTemplate } from '../../mcp/resource-templates';
import type { NodeAttachment } from '../../store/records';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';
import { McpTemplateForm } from './McpTemplateForm';
import './mcp-composer.css';

/**
 * The composer's MCP part: a menu of the enabled servers' resources (attach one to the
 * message) and prompts (a slash command `/<server>:<prompt> args` in the draft), the list
 * of attached resources, and `prepare`, which Send calls: it expands a prompt command into
 * the draft (to read and send), or gives the resources as the message's attachments. They
 * stay in the list until the message is stored (`clear`), so a refused send keeps them.
 */
export function createMcpComposerState(services: AppServices) {
  const { t } = useI18n();
  const composer = createMcpComposer(services.mcp, services.clock);
  const [attachments, setAttachments] = createSignal<readonly McpAttachment[]>([]);
  const available = () => services.mcp.servers().some((server) => server.enabled);
  /** Counts the servers' notices that their resources or prompts changed: lists re-ask. */
  const [listsVersion, setListsVersion] = createSignal(0);
  onCleanup(composer.onListsChanged(() => setListsVersion((n) => n + 1)));
  /** The subscriptions of the attached resources, by server and URI. */
  const watches = new Map<string, () => void>();
  const keyOf = (a: McpAttachment) => `${a.serverId} ${a.uri}`;

  /** Attaches a resource and keeps it as the server has it until the message is stored. */
  const add = (attachment: McpAttachment) => {
    setAttachments((list) => [...list, attachment]);
    const key = keyOf(attachment);
    if (watches.has(key)) return;
    watches.set(
      key,
      composer.watch(attachment, (fresh) =>
        setAttachments((list) => list.map((a) => (keyOf(a) === key ? fresh : a))),
      ),
    );
  };
  const remove = (attachment: McpAttachment) => {
    const key = keyOf(attachment);
    const rest = attachments().filter((a) => a !== attachment);
    setAttachments(rest);
    if (rest.some((a) => keyOf(a) === key)) return;
    watches.get(key)?.();
    watches.delete(key);
  };

  /**
   * The text to send and the resources to attach to it, or undefined when nothing should
   * be sent now (a prompt command was expanded into the draft, or it failed and said so).
   */
  async function prepare(
    text: string,
  ): Promise<{ text: string; attachments: NodeAttachment[] } | undefined> {
    if (text.trimStart().startsWith('/') && available()) {
      try {
        const expanded = await composer.expand(text);
        if (expanded !== undefined) {
          services.chat.setDraft(expanded);
          return undefined;
        }
      } catch (error) {
        services.notices.error(error, t('mcpComposer.couldNotUsePrompt'));
        return undefined;
      }
    }
    return { text, attachments: attachments().map(resourceAttachment) };
  }

  /** True when Send must go through {@link prepare} (it may change the text). */
  const needsPreparing = (text: string) =>
    attachments().length > 0 || (available() && text.trimStart().startsWith('/'));

  /** Lets go of the resources (the message that carries them is stored). */
  const clear = () => {
    setAttachments([]);
    watches.forEach((stop) => stop());
    watches.clear();
  };
  onCleanup(clear);

  return {
    composer,
    attachments,
    add,
    remove,
    available,
    listsVersion,
    prepare,
    needsPreparing,
    clear,
  };
}

export type McpComposerState = ReturnType<typeof createMcpComposerState>;

/** The attached resources above the message box, each removable. */
export function McpAttachmentList(props: { state: McpComposerState }) {
  const { t, formats } = useI18n();
  return (
    <Show when={props.state.attachments().length}>
      <ul class="mcp-attachments" aria-label={t('mcpComposer.attached')}>
        <For each={props.state.attachments()}>
          {(attachment) => (
            <li>
              <span title={attachment.uri}>
                {attachment.serverName}: {attachment.label}
              </span>
              <Show when={attachment.updatedAt}>
                {(at) => (
                  <span
                    class="mcp-attachment-updated"
                    title={t('mcpComposer.changed', formats().time(at()))}
                  >
                    {t('mcpComposer.updated')}
                  </span>
                )}
              </Show>
              <button
                type="button"
                class="icon-button"
                aria-label={t('mcpComposer.remove', attachment.label)}
                onClick={() => props.state.remove(attachment)}
              >
                <Icon name="close" />
              </button>
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}

/** A resource template the person is filling in, with the module that expands it. */
interface TemplateFilling {
  offer: McpServerOffer;
  template: McpResourceTemplate;
  expand: typeof expandTemplate;
}

/** The MCP button and its menu of resources, resource templates and prompts. */
export function McpComposerMenu(props: {
  services: AppServices;
  state: McpComposerState;
  /** Puts text in the draft and focuses the message box. */
  insert: (text: string) => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = createSignal(false);
  const [offers, setOffers] = createSignal<McpServerOffer[]>();
  const [busy, setBusy] = createSignal<string>();
  const [filling, setFilling] = createSignal<TemplateFilling>();

  const toggle = () => {
    if (open()) return setOpen(false);
    setOpen(true);
    setOffers(undefined);
    setFilling(undefined);
    void props.state.composer.offers().then(setOffers);
  };

  const attachWith = async (key: string, read: () => Promise<McpAttachment>) => {
    setBusy(key);
    try {
      props.state.add(await read());
      setOpen(false);
      props.insert('');
    } catch (error) {
      props.services.notices.error(error, t('mcpComposer.couldNotAttach'));
    } finally {
      setBusy(undefined);
    }
  };
  const attach = (offer: McpServerOffer, uri: string, name: string) =>
    attachWith(uri, () => props.state.composer.attach(offer.serverId, uri, name));

  // A server that says its lists changed while the menu shows them: ask again.
  createEffect(
    on(
      props.state.listsVersion,
      () => {
        if (open() && !filling()) void props.state.composer.offers().then(setOffers);
      },
      { defer: true },
    ),
  );

  const fillTemplate = async (offer: McpServerOffer, template: McpResourceTemplate) => {
    // Loaded already: the menu's listing of templates came from it.
    const { expandTemplate } = await import('../../mcp/resource-templates');
    setFilling({ offer, template, expand: expandTemplate });
  };

  const usePrompt = (offer: McpServerOffer, prompt: McpServerOffer['prompts'][number]) => {
    setOpen(false);
    const command = `/${offer.serverName}:${prompt.name}`;
    // The required arguments are named in the draft, for the person to fill in.
    const required = (prompt.arguments ?? []).filter((p) => p.required);
    props.insert(
      required.length ? `${command} ${required.map((p) => `${p.name}=`).join(' ')}` : command,
    );
  };

  return (
    <Show when={props.state.available()}>
      <span class="mcp-menu-anchor">
        <button
          type="button"
          class="button"
          aria-expanded={open()}
          aria-haspopup="dialog"
          title={t('mcpComposer.menuTitle')}
          onClick={toggle}
        >
          MCP
        </button>
        <Show when={open()}>
          <div
            class="mcp-menu"
            role="dialog"
            aria-label={t('mcpComposer.menu')}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setOpen(false);
              }
            }}
          >
            <Show when={filling()}>
              {(form) => (
                <McpTemplateForm
                  serverName={form().offer.serverName}
                  template={form().template}
                  busy={busy() === form().template.uriTemplate}
                  preview={(values) => {
                    try {
                      return form().expand(form().template, values);
                    } catch {
                      return undefined;
                    }
                  }}
                  onAttach={(values) =>
                    void attachWith(form().template.uriTemplate, () =>
                      props.state.composer.attachTemplate(
                        form().offer.serverId,
                        form().template,
                        values,
                      ),
                    )
                  }
                  onBack={() => setFilling(undefined)}
                />
              )}
            </Show>
            <Show
              when={!filling() && offers()}
              fallback={
                <Show when={!filling()}>
                  <p>{t('mcpComposer.asking')}</p>
                </Show>
              }
            >
              {(list) => (
                <For each={list()}>
                  {(offer) => (
                    <section aria-label={offer.serverName}>
                      <h4>{offer.serverName}</h4>
                      <Show when={offer.problem}>
                        <p class="field-error">{offer.problem}</p>
                      </Show>
                      <Show when={offer.resources.length}>
                        <h5>{t('mcpComposer.resources')}</h5>
                        <ul aria-label={t('mcpComposer.resourcesOf', offer.serverName)}>
                          <For each={offer.resources.slice(0, 50)}>
                            {(resource) => (
                              <li>
                                <button
                                  type="button"
                                  class="mcp-menu-item"
                                  disabled={busy() === resource.uri}
                                  aria-label={t('mcpComposer.attach', resource.name)}
                                  title={resource.uri}
                                  onClick={() => void attach(offer, resource.uri, resource.name)}
                                >
                                  {resource.name}
                                </button>
                              </li>
                            )}
                          </For>
                        </ul>
                      </Show>
                      <Show when={offer.templates.length}>
                        <h5>{t('mcpComposer.templates')}</h5>
                        <ul aria-label={t('mcpComposer.templatesOf', offer.serverName)}>
                          <For each={offer.templates.slice(0, 50)}>
                            {(template) => (
                              <li>
                                <button
                                  type="button"
                                  class="mcp-menu-item"
                                  aria-label={t(
                                    'mcpComposer.fillIn',
                                    template.title ?? template.name,
                                  )}
                                  title={template.description ?? template.uriTemplate}
                                  onClick={() => void fillTemplate(offer, template)}
                                >
                                  {template.title ?? template.name}
                                  <span class="mcp-menu-detail">{template.uriTemplate}</span>
                                </button>
                              </li>
                            )}
                          </For>
                        </ul>
                      </Show>
                      <Show when={offer.prompts.length}>
                        <h5>{t('mcpComposer.prompts')}</h5>
                        <ul aria-label={t('mcpComposer.promptsOf', offer.serverName)}>
                          <For each={offer.prompts}>
                            {(prompt) => (
                              <li>
                                <button
                                  type="button"
                                  class="mcp-menu-item"
                                  aria-label={t('mcpComposer.usePrompt', prompt.name)}
                                  title={prompt.description}
                                  onClick={() => usePrompt(offer, prompt)}
                                >
                                  /{offer.serverName}:{prompt.name}
                                </button>
                              </li>
                            )}
                          </For>
                        </ul>
                      </Show>
                    </section>
                  )}
                </For>
              )}
            </Show>
          </div>
        </Show>
      </span>
    </Show>
  );
}
