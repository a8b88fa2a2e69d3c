import type { AppServices } from '../../app/services';

/** The output panel: what programs print. Python runs arrive with their own issue. */
export function OutputPanel(_props: { services: AppServices }) {
  return (
    <div class="placeholder-panel">
      <h2 class="panel-title">Output</h2>
      <p>Output of your programs appears here.</p>
    </div>
  );
}
