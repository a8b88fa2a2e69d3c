import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type * as Render from '../../render';
import type { CodeBlockSource, StreamingRenderer } from '../../render';

/** Adds the UI of one code block (buttons, output area) to its rendered element. */
export type CodeBlockWiring = (
  element: HTMLElement,
  source: () => CodeBlockSource | undefined,
) => void;

type RenderModule = typeof Render;

/** Longest stored reply rendered in one go; longer ones are spread over frames. */
const SYNC_RENDER_CHARS = 20_000;
let loading: Promise<RenderModule> | undefined;

/**
 * The Markdown renderer (marked, DOMPurify, KaTeX and its CSS) loads on the first message
 * shown, so the first paint of the app does not wait for it.
 */
export function loadRenderer(): Promise<RenderModule> {
  loading ??= Promise.all([import('../../render'), import('katex/dist/katex.min.css')]).then(
    ([module]) => module,
  );
  return loading;
}

/**
 * Loads the renderer and draws one small message with math and Python off screen: the first
 * formula and the first highlighted block cost tens of milliseconds (KaTeX and the grammar
 * setting up), better spent while the page is idle than in the middle of a streamed reply.
 */
export async function warmUpRenderer(): Promise<void> {
  const module = await loadRenderer();
  module.renderMarkdown(
    '**Cove** $x^2 \\le \\frac{a}{b}$\n\n```python\ndef f(x):\n    return x\n```\n',
  );
}

/**
 * Renders untrusted Markdown safely: incrementally while `streaming`, then once more as the
 * whole message. Code blocks get their buttons through `wireCodeBlock`; remote images stay
 * placeholders until clicked (a known exfiltration channel).
 */
export function MarkdownView(props: {
  text: () => string;
  streaming: () => boolean;
  /** Told when rendering continues after the text is complete, and when it is done. */
  onRendering?: (busy: boolean) => void;
  /** Text appended while streaming; without it, `text` is re-read on every change. */
  onTextDelta?: (listener: (delta: string) => void) => () => void;
  wireCodeBlock?: CodeBlockWiring;
  /**
   * Lets the page load a remote image the person clicked (the network gate's grant, see
   * src/app/network-gate-service.ts); without it, such an image is refused.
   */
  allowImage?: (url: string) => void;
  /** Told of the rendered message once it is complete (citations are linked then). */
  decorate?: (container: HTMLElement) => void;
}) {
  let container!: HTMLDivElement;
  let renderer: StreamingRenderer | undefined;
  let fed = 0;
  let finalBlocks: CodeBlockSource[] = [];
  const [render, setRender] = createSignal<RenderModule>();
  void loadRenderer().then(setRender, (error: unknown) => {
    container.textContent = props.text();
    console.error('The Markdown renderer could not load; showing plain text.', error);
  });

  /** Wires the code blocks inside `root` (a settled block, or the whole message at the end). */
  const wireAll = (root: HTMLElement = container) => {
    if (!props.wireCodeBlock) return;
    for (const element of root.querySelectorAll<HTMLElement>('.cove-code[data-code-index]')) {
      if (element.dataset.wired) continue;
      element.dataset.wired = 'true';
      const index = Number(element.dataset.codeIndex);
      props.wireCodeBlock(element, () => renderer?.codeBlock(index) ?? finalBlocks[index]);
    }
  };

  let unsubscribe: (() => void) | undefined;
  const startStreaming = (module: RenderModule) => {
    renderer?.dispose();
    unsubscribe?.();
    container.textContent = '';
    fed = 0;
    renderer = module.createStreamingRenderer(container, {
      onBlock: (element) => wireAll(element),
    });
    if (props.onTextDelta) {
      const initial = props.text();
      renderer.append(initial);
      fed = initial.length;
      // The first words are drawn in the task they arrive in, so they show in the very next
      // frame; after that, text is batched and drawn once per frame.
      let shown = initial.trim() !== '';
      unsubscribe = props.onTextDelta((delta) => {
        renderer?.append(delta);
        fed += delta.length;
        if (!shown && delta.trim()) {
          shown = true;
          renderer?.drawNow();
        }
      });
    }
  };

  const renderFinal = (module: RenderModule) => {
    renderer?.dispose();
    renderer = undefined;
    const text = props.text();
    if (text.length <= SYNC_RENDER_CHARS) {
      const rendered = module.renderMarkdown(text);
      finalBlocks = rendered.codeBlocks;
      container.innerHTML = rendered.html;
      wireAll();
      props.decorate?.(container);
      return;
    }
    // A long stored reply renders over several frames, so opening it never freezes the page;
    // the message says it is busy until then (also a reply that streamed to its end before
    // the renderer had loaded comes this way).
    container.textContent = '';
    const background = module.createStreamingRenderer(container, {
      onBlock: (element) => wireAll(element),
    });
    background.append(text);
    props.onRendering?.(true);
    void background.complete().then((rendered) => {
      finalBlocks = rendered.codeBlocks;
      wireAll();
      props.decorate?.(container);
      props.onRendering?.(false);
    });
    onCleanup(() => background.dispose());
  };

  createEffect(
    on([render, props.streaming], ([module, streaming], previous) => {
      if (!module) return;
      const wasStreaming = previous?.[1];
      if (streaming && !renderer) startStreaming(module);
      else if (!streaming && renderer && wasStreaming) {
        const text = props.text();
        unsubscribe?.();
        unsubscribe = undefined;
        if (text.length > fed) renderer.append(text.slice(fed));
        // Whatever the renderer has not drawn yet is drawn over the next frames, not in one
        // long task; the message says it is busy until then.
        const finishing = renderer;
        props.onRendering?.(true);
        void finishing.complete().then((rendered) => {
          if (renderer !== finishing) return;
          finalBlocks = rendered.codeBlocks;
          finishing.dispose();
          renderer = undefined;
          wireAll();
          props.decorate?.(container);
          props.onRendering?.(false);
        });
      } else if (!streaming) renderFinal(module);
    }),
  );

  createEffect(
    on([props.text, render], ([text, module]) => {
      if (!renderer || !module || props.onTextDelta) return;
      // The text was replaced rather than extended: start over.
      if (text.length < fed) startStreaming(module);
      if (text.length > fed) {
        renderer.append(text.slice(fed));
        fed = text.length;
      }
    }),
  );

  onCleanup(() => {
    unsubscribe?.();
    renderer?.dispose();
  });

  const onClick = (event: MouseEvent) => {
    const module = render();
    if (!module) return;
    const target = (event.target as HTMLElement).closest<HTMLButtonElement>(
      `.${module.IMAGE_PLACEHOLDER_CLASS}`,
    );
    if (!target || !container.contains(target)) return;
    const source = target.dataset.imageSrc ?? '';
    const host = target.dataset.imageHost ?? 'its host';
    const refuse = (why: string) => {
      const note = document.createElement('span');
      note.className = 'cove-md-image-failed';
      note.setAttribute('role', 'status');
      note.textContent = why;
      note.title = source;
      target.replaceWith(note);
    };
    // The page's policy allows https images only: an http one would be refused silently.
    if (!source.startsWith('https:')) {
      refuse(
        `Image not loaded: Cove loads images only over https, and this one is on plain http (${host}).`,
      );
      return;
    }
    target.disabled = true;
    target.textContent = `Loading image from ${host}…`;
    const image = document.createElement('img');
    image.alt = target.dataset.imageAlt ?? '';
    image.referrerPolicy = 'no-referrer';
    image.className = 'cove-md-loaded-image';
    image.onload = () => target.replaceWith(image);
    image.onerror = () =>
      refuse(
        `Image not loaded: ${host} did not send an image (it may be missing, or refuse other sites).`,
      );
    props.allowImage?.(source);
    image.src = source;
  };

  return <div ref={container} class="markdown" onClick={onClick} />;
}
