/** The choices of a playoff (docs/playoff.md), one wording for the create form and the Organize tab. */
export const TOP_CUT_OPTIONS = (
  <>
    <option value="0">None</option>
    <option value="4">Top 4</option>
    <option value="8">Top 8</option>
    <option value="16">Top 16</option>
  </>
);

export const FINALS_OPTIONS = (
  <>
    <option value="0">No final</option>
    <option value="1">A final for 1st and 2nd</option>
    <option value="2">Finals for 1st and 2nd, 3rd and 4th</option>
  </>
);

export const FINAL_KIND_OPTIONS = (
  <>
    <option value="SINGLE">A single game</option>
    <option value="BEST_OF_THREE">Best of three games</option>
  </>
);
