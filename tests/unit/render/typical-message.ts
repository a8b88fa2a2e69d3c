/** A long, typical assistant reply for tests: prose, lists, code, tables and math. */
export function typicalMessage(sections: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sections; i++) {
    parts.push(`## Step ${i + 1}: handle the \`case_${i}\` input`);
    parts.push(
      `First we look at **why** the function fails for input ${i}. The value of $x_${i}$ grows like ` +
        `$O(n^2)$ when the list is sorted, which costs $5 and sometimes $10 per call; see ` +
        `[the docs](https://docs.python.org/3/library/functions.html#sorted) for details.\n` +
        `The fix keeps *one* pass over the data and ~~two~~ no copies.`,
    );
    parts.push(
      `- keep the original order\n- avoid \`list.copy()\`\n  - nested point ${i}\n- return early`,
    );
    parts.push(
      '```python\n' +
        `def solve_${i}(items: list[int]) -> int:\n` +
        '    """Return the largest gap."""\n' +
        '    best = 0\n' +
        '    for a, b in zip(items, items[1:]):\n' +
        `        best = max(best, b - a)  # step ${i}\n` +
        '    return best\n\n' +
        'print(solve([1, 5, 9]))\n' +
        '```',
    );
    if (i % 3 === 0)
      parts.push('| n | time (ms) |\n|---|---:|\n| 10 | 0.1 |\n| 1000 | 12 |\n| 10^6 | 950 |');
    if (i % 4 === 1) parts.push('$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$');
    if (i % 5 === 2)
      parts.push('> Note: this also works for `tuple` inputs.\n> It does not for generators.');
    if (i % 6 === 3)
      parts.push('```ts\nexport function f(x: number): string {\n  return `${x}`;\n}\n```');
  }
  return parts.join('\n\n') + '\n';
}
