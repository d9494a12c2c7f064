// What a game waits for from the arbiter (the state's `awaiting`), as a
// question and the rulings that answer it — one wording for the game page's
// arbiter panel and the console's list of pending claims.
//
// `awaiting.what`: `quickplay-claim` (10.2 / Guidelines III: draw, postpone,
// reject), `quickplay-at-flag` (a postponed claim and a flag down: draw, or
// the flag decides), `quickplay-referred` (a claim made with no arbiter
// present, referred to him: draw, or the claim rejected), `mate` (the "can this side checkmate" search left the
// question undecided: a draw if it cannot, a loss if it can),
// `open-envelope` (the envelope waits for the arbiter's key).

/** `{question, choices: [{label, action}]}` for `state`, or `null`. */
export function pending(state, t) {
  const a = state?.awaiting;
  if (!a) return null;
  const side = (code) => (code ? t(`side-${code}`) : '');
  const article = state.articles?.quickplay || '';
  switch (a.what) {
    case 'quickplay-claim':
      return {
        question: t('ui-question-quickplay-claim', { article, side: side(a.claimant) }),
        choices: ['draw', 'postpone', 'reject'].map((r) => ({ label: t(`ui-ruling-${r}`), action: { ruling: r } })),
      };
    case 'quickplay-at-flag':
      return {
        question: t('ui-question-quickplay-at-flag', { article, side: side(a.fallen), claimant: side(a.claimant) }),
        choices: [
          { label: t('ui-ruling-draw'), action: { ruling: 'draw' } },
          { label: t('ui-ruling-flag-decides'), action: { ruling: 'reject' } },
        ],
      };
    case 'quickplay-referred':
      return {
        question: t('ui-question-quickplay-referred', { article, side: side(a.claimant) }),
        choices: [
          { label: t('ui-ruling-draw'), action: { ruling: 'draw' } },
          { label: t('ui-ruling-reject'), action: { ruling: 'reject' } },
        ],
      };
    case 'mate':
      return {
        question: t('ui-question-mate', { side: side(a.side) }),
        choices: [
          { label: t('ui-mate-yes', { side: side(a.side) }), action: { ruling: 'reject' } },
          { label: t('ui-mate-no'), action: { ruling: 'draw' } },
        ],
      };
    case 'open-envelope':
      return { question: t('ui-question-open-envelope', { side: side(a.sealer) }), choices: [] };
    default:
      return { question: a.what, choices: [] };
  }
}
