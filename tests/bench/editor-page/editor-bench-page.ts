// The editor benchmark's peer: CodeMirror's own basic setup with Python, alone on a page,
// labelled like Cove's editor so the bench types into both the same way.
import { python } from '@codemirror/lang-python';
import { basicSetup, EditorView } from 'codemirror';

const view = new EditorView({
  parent: document.getElementById('editor')!,
  extensions: [
    basicSetup,
    python(),
    EditorView.contentAttributes.of({ 'aria-label': 'Editor: typing.py' }),
  ],
});

(window as unknown as { editorBench: EditorView }).editorBench = view;
