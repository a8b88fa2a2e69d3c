/**
 * A draggable, keyboard-operable divider between two panels (WAI-ARIA window splitter).
 * `value` is the size of the panel it controls, in pixels; `direction` tells which way a
 * pointer movement grows it.
 */
export function Splitter(props: {
  label: string;
  orientation: 'vertical' | 'horizontal';
  value: number;
  min: number;
  max: number;
  /** +1 when moving right/down grows the panel, -1 when it shrinks it. */
  direction: 1 | -1;
  onChange: (value: number) => void;
}) {
  const clamp = (value: number) => Math.round(Math.min(props.max, Math.max(props.min, value)));
  const onPointerDown = (event: PointerEvent) => {
    event.preventDefault();
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    const start = props.orientation === 'vertical' ? event.clientX : event.clientY;
    const initial = props.value;
    const move = (e: PointerEvent) => {
      const now = props.orientation === 'vertical' ? e.clientX : e.clientY;
      props.onChange(clamp(initial + (now - start) * props.direction));
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 50 : 10;
    const grow =
      props.orientation === 'vertical' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
    if (event.key === grow[0]) props.onChange(clamp(props.value + step * props.direction));
    else if (event.key === grow[1]) props.onChange(clamp(props.value - step * props.direction));
    else if (event.key === 'Home') props.onChange(props.min);
    else if (event.key === 'End') props.onChange(props.max);
    else return;
    event.preventDefault();
  };
  return (
    <div
      class={`splitter splitter-${props.orientation}`}
      role="separator"
      aria-label={props.label}
      aria-orientation={props.orientation}
      aria-valuenow={props.value}
      aria-valuemin={props.min}
      aria-valuemax={props.max}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
