/** Human labels for stored codes and the badge tone of status codes: the one mapping screens use. */
export { CODE_LABELS, LABEL_KINDS, humanizeCode, isLabelKind, labelOf, type LabelKind } from './codeLabels';
export { BADGE_TONES, toneOf, type BadgeTone } from './badgeTones';
