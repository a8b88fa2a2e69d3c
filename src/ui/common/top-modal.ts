import { createSignal, onCleanup, type Accessor } from 'solid-js';

/**
 * The modal <dialog> on top, or undefined when none is open. A modal dialog sits in the
 * browser's top layer and makes everything outside it inert, so no z-index can lift a toast
 * above it, and a popover shown over it is inert too; what must stay visible and clickable
 * while a dialog is open (notices) is portalled into this element.
 *
 * Dialogs are tracked in the order they opened (a confirm opened from Settings is above
 * Settings), by watching the document for `open` attributes and removed nodes. Released
 * with its owner.
 */
export function createTopModal(
  root: Node = document.body,
): Accessor<HTMLDialogElement | undefined> {
  const [top, setTop] = createSignal<HTMLDialogElement | undefined>();
  let stack: HTMLDialogElement[] = [];
  const update = () => {
    const open = [...document.querySelectorAll('dialog')].filter((dialog) =>
      dialog.matches(':modal'),
    );
    stack = [
      ...stack.filter((dialog) => open.includes(dialog)),
      ...open.filter((d) => !stack.includes(d)),
    ];
    setTop(stack[stack.length - 1]);
  };
  // Opening sets `open`; a dialog can also leave by being removed with its component, so a
  // removal matters only when a tracked dialog is gone (cheap to check on every batch).
  const observer = new MutationObserver((records) => {
    if (
      records.some((record) => record.type === 'attributes') ||
      stack.some((dialog) => !dialog.isConnected || !dialog.matches(':modal'))
    )
      update();
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open'],
  });
  update();
  onCleanup(() => observer.disconnect());
  return top;
}
