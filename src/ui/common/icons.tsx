import { splitProps, type JSX } from 'solid-js';

/** Small stroke icons drawn inline, so the app needs no icon font or extra request. */
const paths: Record<string, string> = {
  file: 'M4 1.5h5l3 3v10H4z M9 1.5v3h3',
  folder: 'M1.5 3.5h4.5l1.5 1.5h7v8.5h-13z',
  'folder-open': 'M1.5 3.5h4.5l1.5 1.5h6v2 M1.5 13.5l2-6.5h11l-2 6.5z M1.5 3.5v10',
  'new-file': 'M4 1.5h5l3 3v10H4z M8 8v5 M5.5 10.5h5',
  'new-folder': 'M1.5 3.5h4.5l1.5 1.5h7v8.5h-13z M8 7.5v4.5 M5.75 9.75h4.5',
  upload: 'M8 11V2.5 M4.5 6 8 2.5 11.5 6 M2.5 11v3h11v-3',
  'upload-folder': 'M1.5 3.5h4.5l1.5 1.5h7v8.5h-13z M8 12V7.5 M6 9.5 8 7.5l2 2',
  download: 'M8 2.5V11 M4.5 7.5 8 11l3.5-3.5 M2.5 11v3h11v-3',
  zip: 'M4 1.5h8v13H4z M7 1.5v1 M8 2.5v1 M7 3.5v1 M8 4.5v1 M7 5.5v1 M6.5 8h3v3h-3z',
  close: 'M4 4l8 8 M12 4l-8 8',
  search: 'M7 2.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z M10.3 10.3l3.7 3.7',
  replace: 'M2.5 5.5h9 M9 3l2.5 2.5L9 8 M13.5 10.5h-9 M7 8l-2.5 2.5L7 13',
  more: 'M3.5 8h.01 M8 8h.01 M12.5 8h.01',
  // A toothed wheel, so Settings never looks like the theme toggle's sun.
  settings:
    'M13.2 8.7 L14.8 9.7 L14.0 11.6 L12.1 11.2 L11.2 12.1 L11.6 14.0 L9.7 14.8 L8.7 13.2 L7.3 13.2 L6.3 14.8 L4.4 14.0 L4.8 12.1 L3.9 11.2 L2.0 11.6 L1.2 9.7 L2.8 8.7 L2.8 7.3 L1.2 6.3 L2.0 4.4 L3.9 4.8 L4.8 3.9 L4.4 2.0 L6.3 1.2 L7.3 2.8 L8.7 2.8 L9.7 1.2 L11.6 2.0 L11.2 3.9 L12.1 4.8 L14.0 4.4 L14.8 6.3 L13.2 7.3z M8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  // A small disc with short rays set apart from it (the light theme).
  sun: 'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z M8 1.5v1 M8 13.5v1 M1.5 8h1 M13.5 8h1 M3.4 3.4l.7.7 M11.9 11.9l.7.7 M3.4 12.6l.7-.7 M11.9 4.1l.7-.7',
  moon: 'M13 9.5A5.5 5.5 0 1 1 6.5 3a4.5 4.5 0 0 0 6.5 6.5z',
  sidebar: 'M1.5 2.5h13v11h-13z M5.5 2.5v11',
  'panel-right': 'M1.5 2.5h13v11h-13z M10.5 2.5v11',
  'panel-bottom': 'M1.5 2.5h13v11h-13z M1.5 10h13',
  plus: 'M8 3v10 M3 8h10',
  edit: 'M2.5 13.5l1-3.5 7-7 2.5 2.5-7 7z',
  trash: 'M2.5 4h11 M6 4V2.5h4V4 M4 4l.5 9.5h7L12 4',
  chevron: 'M6 4l4 4-4 4',
  // Two sheets, the front one over the back one: copy to the clipboard.
  copy: 'M5.5 5.5h8v8h-8z M10.5 5.5v-3h-8v8h3',
  // A paperclip: attach files to a message.
  paperclip:
    'M10.5 4.5 5.3 9.7a1.3 1.3 0 0 0 1.8 1.8l5.4-5.4a2.6 2.6 0 0 0-3.7-3.7L3.4 7.8a3.9 3.9 0 0 0 5.5 5.5l4.6-4.6',
  // A cloud with a line through it: no network.
  offline: 'M4.5 12.5h7a2.5 2.5 0 0 0 .4-4.97A4 4 0 0 0 5.2 6.1 3.2 3.2 0 0 0 4.5 12.5z M2 2l12 12',
};

export type IconName = keyof typeof paths;

export function Icon(props: { name: IconName } & JSX.SvgSVGAttributes<SVGSVGElement>) {
  const [local, rest] = splitProps(props, ['name']);
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      stroke-width="1.3"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      {...rest}
    >
      <path d={paths[local.name]} />
    </svg>
  );
}

/** A small square button showing only an icon; `label` is its accessible name and tooltip. */
export function IconButton(props: {
  label: string;
  icon: IconName;
  onClick: (event: MouseEvent) => void;
  title?: string;
}) {
  return (
    <button
      type="button"
      class="icon-button"
      aria-label={props.label}
      title={props.title ?? props.label}
      onClick={(event) => props.onClick(event)}
    >
      <Icon name={props.icon} />
    </button>
  );
}
