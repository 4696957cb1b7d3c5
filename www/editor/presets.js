// Ready-made weight vectors for the editor's preset buttons. They need no core, so the buttons
// are laid out with the editor before the core is here (weights-editor.js answers their clicks).

import { tr } from '../words/i18n.js';

export const PRESETS = [
  { label: '5:3:2', text: '5,3,2' },
  { label: '5:1:1', text: '5,1,1' },
  { label: '4:1:1', text: '4,1,1' },
  { label: '7:2:1', text: '7,2,1' },
  { label: '100:1:1', text: '100,1,1' },
  { label: '1:3:0.5', text: '1:3:0.5' },
  { labelKey: 'preset.equal', text: '1,1,1,1' },
  { labelKey: 'preset.twelve', text: '12,11,10,9,8,7,6,5,4,3,2,1' },
];

/** Fills `container` with a button per preset, its weights text in `data-preset`. */
export function renderPresets(container) {
  container.replaceChildren(...PRESETS.map((preset) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'preset';
    button.dataset.preset = preset.text;
    button.textContent = preset.label ?? tr(preset.labelKey);
    return button;
  }));
}
