import { createEffect, on, onCleanup, onMount } from 'solid-js';
import {
  createStreamingRenderer,
  IMAGE_PLACEHOLDER_CLASS,
  renderMarkdown,
  type CodeBlockSource,
  type StreamingRenderer,
} from '../../render';

/** Adds the UI of one code block (buttons, output area) to its rendered element. */
export type CodeBlockWiring = (element: HTMLElement, source: () => CodeBlockSource | undefined) => void;

/**
 * Renders untrusted Markdown safely: incrementally while `streaming`, then once more as the
 * whole message. Code blocks get their buttons through `wireCodeBlock`; remote images stay
 * placeholders until clicked (a known exfiltration channel).
 */
export function MarkdownView(props: {
  text: () => string;
  streaming: () => boolean;
  wireCodeBlock?: CodeBlockWiring;
  class?: string;
}) {
  let container!: HTMLDivElement;
  let renderer: StreamingRenderer | undefined;
  let fed = 0;
  let finalBlocks: CodeBlockSource[] = [];

  const wireAll = () => {
    if (!props.wireCodeBlock) return;
    for (const element of container.querySelectorAll<HTMLElement>('.cove-code[data-code-index]')) {
      if (element.dataset.wired) continue;
      element.dataset.wired = 'true';
      const index = Number(element.dataset.codeIndex);
      props.wireCodeBlock(element, () => renderer?.codeBlock(index) ?? finalBlocks[index]);
    }
  };

  const renderFinal = () => {
    const rendered = renderMarkdown(props.text());
    finalBlocks = rendered.codeBlocks;
    container.innerHTML = rendered.html;
    wireAll();
  };

  onMount(() => {
    if (props.streaming()) {
      renderer = createStreamingRenderer(container, {
        onBlock: () => wireAll(),
      });
    } else {
      renderFinal();
    }
  });

  createEffect(
    on(props.text, (text) => {
      if (!renderer) return;
      if (text.length < fed) {
        // The text was replaced rather than extended (a retry): start over.
        renderer.dispose();
        renderer = createStreamingRenderer(container, { onBlock: () => wireAll() });
        container.textContent = '';
        fed = 0;
      }
      if (text.length > fed) {
        renderer.append(text.slice(fed));
        fed = text.length;
      }
    }),
  );

  createEffect(
    on(props.streaming, (streaming, was) => {
      if (was && !streaming && renderer) {
        if (props.text().length > fed) renderer.append(props.text().slice(fed));
        const rendered = renderer.finalize();
        finalBlocks = rendered.codeBlocks;
        renderer.dispose();
        renderer = undefined;
        wireAll();
      } else if (!was && !streaming && !renderer) {
        renderFinal();
      }
    }, { defer: true }),
  );

  onCleanup(() => renderer?.dispose());

  const onClick = (event: MouseEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>(`.${IMAGE_PLACEHOLDER_CLASS}`);
    if (!target || !container.contains(target)) return;
    const image = document.createElement('img');
    image.src = target.dataset.imageSrc ?? '';
    image.alt = target.dataset.imageAlt ?? '';
    image.referrerPolicy = 'no-referrer';
    image.className = 'cove-md-loaded-image';
    target.replaceWith(image);
  };

  return <div ref={container} class={`markdown ${props.class ?? ''}`} onClick={onClick} />;
}
