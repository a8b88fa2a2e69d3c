/** What a first visit finds: a workspace that explains Cove by example. */
export const WELCOME_WORKSPACE_NAME = 'Welcome';

/** The file a first visit opens in the editor (never reopened once closed). */
export const WELCOME_FIRST_FILE = 'main.py';

export const WELCOME_FILES: Readonly<Record<string, string>> = {
  'README.md': `# Welcome to Cove

Cove is an AI coding workspace that lives entirely in your browser. Your files stay in
this browser's storage (IndexedDB); nothing is uploaded anywhere.

## Get around

- **Files** (left): create, rename, move and delete files and folders. Drop files or
  folders from your computer onto the tree, or import a \`.zip\`.
- **Editor** (centre): tabs for your open files. Changes save on their own within a
  second; Ctrl+S (Cmd+S on a Mac) saves at once.
- **Assistant** (right): chat with your own model endpoint about the open file.
- **Output** (bottom): what your programs print.

## Try it

Open \`main.py\` next to this file. Workspaces (top left) keep projects apart; Settings
(gear icon) has the theme, storage usage and a full backup of everything.

Cove works offline after your first visit, and can be installed as an app.
`,
  // A first visit opens this file, so its first lines say what to do, short enough to fit
  // the editor in a 1280-pixel window. greet stays on lines 7-8 (chat tests point at it).
  'main.py': `"""Your first Python file. Run it: ▶ Run below, or Ctrl/Cmd+Enter.

Its output appears below. Python runs in your browser, even offline.
"""


def greet(name: str) -> str:
    return f"Hello, {name}! Welcome to Cove."


def fibonacci(n: int) -> list[int]:
    numbers = [0, 1]
    while len(numbers) < n:
        numbers.append(numbers[-1] + numbers[-2])
    return numbers[:n]


if __name__ == "__main__":
    print(greet("world"))
    print("The first ten Fibonacci numbers:", fibonacci(10))
`,
};
