/** Shown instead of the app when Cove cannot start, so there is never a blank page. */
export function FatalScreen(props: { message: string }) {
  return (
    <main class="fatal" role="alert">
      <h1>Cove could not start</h1>
      <p>{props.message}</p>
      <p>Your files are kept in this browser and were not changed.</p>
      <p>
        Reload to try again. If Cove still cannot start, report the message above (do not clear this
        site’s data: that would delete your work).
      </p>
      <button type="button" onClick={() => location.reload()}>
        Reload
      </button>
    </main>
  );
}
