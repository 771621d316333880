/**
 * The words the demo community is made of: invented players' names and bios, their lists'
 * titles and descriptions, and the pieces their reviews are put together from. Every
 * player here is invented; the generator (community.ts) labels each as a demo player.
 */

/** 40 invented players: a handle (the username after `demo_`) and a name. */
export const DEMO_PLAYER_NAMES: readonly (readonly [handle: string, name: string])[] = [
  ['mara_quill', 'Mara Quill'],
  ['tobias_fenn', 'Tobias Fenn'],
  ['ines_okafor', 'Ines Okafor'],
  ['rook_larsen', 'Rook Larsen'],
  ['juniper_vale', 'Juniper Vale'],
  ['pax_moreau', 'Pax Moreau'],
  ['sunniva_berg', 'Sunniva Berg'],
  ['dario_castel', 'Dario Castel'],
  ['hana_ishikawa', 'Hana Ishikawa'],
  ['felix_amani', 'Felix Amani'],
  ['odile_marsh', 'Odile Marsh'],
  ['kit_delacroix', 'Kit Delacroix'],
  ['wren_oduya', 'Wren Oduya'],
  ['lorenzo_pike', 'Lorenzo Pike'],
  ['amara_stroud', 'Amara Stroud'],
  ['bastian_holm', 'Bastian Holm'],
  ['celeste_nuri', 'Celeste Nuri'],
  ['emeric_saade', 'Emeric Saade'],
  ['greta_vos', 'Greta Vos'],
  ['ilya_brandt', 'Ilya Brandt'],
  ['noor_halabi', 'Noor Halabi'],
  ['oskar_lind', 'Oskar Lind'],
  ['priya_raman', 'Priya Raman'],
  ['quentin_aube', 'Quentin Aube'],
  ['rosa_pellegrini', 'Rosa Pellegrini'],
  ['soren_adeyemi', 'Soren Adeyemi'],
  ['talia_wren', 'Talia Wren'],
  ['ugo_ferrand', 'Ugo Ferrand'],
  ['vesna_kral', 'Vesna Kral'],
  ['wim_jansen', 'Wim Jansen'],
  ['xiomara_diaz', 'Xiomara Diaz'],
  ['yusuf_demir', 'Yusuf Demir'],
  ['zadie_morrow', 'Zadie Morrow'],
  ['arlo_finch', 'Arlo Finch'],
  ['bea_tanaka', 'Bea Tanaka'],
  ['cyrus_webb', 'Cyrus Webb'],
  ['dagny_ek', 'Dagny Ek'],
  ['elio_marchetti', 'Elio Marchetti'],
  ['fern_obi', 'Fern Obi'],
  ['gus_harlow', 'Gus Harlow'],
];

export const DEMO_PLAYER_BIOS: readonly string[] = [
  'Plays everything with a map screen.',
  'Backlog archaeologist: still digging.',
  'Finishes what they start, eventually.',
  'Co-op evenings and long weekend campaigns.',
  'Here for the soundtracks, staying for the stories.',
  'Speedruns nothing, savours everything.',
  'Collects platformers the way others collect stamps.',
  'Strategy games at night, puzzles over breakfast.',
];

/** Appended to every bio: what a demo player is. */
export const DEMO_PLAYER_NOTE = 'An invented player of the embedded demo: nobody signs in as them.';

export interface ListIdea {
  title: string;
  description: string;
  ranked: boolean;
}

export const DEMO_LIST_IDEAS: readonly ListIdea[] = [
  { title: 'All-time favourites', description: 'The games I keep coming back to.', ranked: true },
  { title: 'Rainy Sunday games', description: 'Slow, warm, and best with tea.', ranked: false },
  { title: 'Worth every hour', description: 'Long games that never felt long.', ranked: true },
  { title: 'Short and brilliant', description: 'Done in a weekend, remembered for years.', ranked: false },
  { title: 'Couch co-op nights', description: 'Two controllers, one sofa.', ranked: false },
  { title: 'Best soundtracks', description: 'Games I would play with the screen off.', ranked: true },
  { title: 'Hard but fair', description: 'Every death was my fault.', ranked: true },
  { title: 'First games to show a friend', description: 'Easy to pick up, hard to put down.', ranked: false },
  { title: 'Backlog shame', description: 'Bought, installed, never started. One day.', ranked: false },
  { title: 'Worlds to get lost in', description: 'Open maps with something behind every hill.', ranked: false },
  { title: 'Stories that stayed with me', description: 'Endings I still think about.', ranked: true },
  { title: 'Games to replay every year', description: 'An annual tradition.', ranked: false },
  { title: 'Underrated gems', description: 'Nobody talks about these enough.', ranked: true },
  { title: 'Most anticipated', description: 'Counting the days.', ranked: true },
  { title: 'Perfect for handheld', description: 'Good in short bursts on the train.', ranked: false },
  { title: 'Childhood classics', description: 'Where it all started.', ranked: true },
  { title: 'Comfort games', description: 'For the days when nothing else works.', ranked: false },
  { title: 'Strategy shelf', description: 'One more turn, always one more turn.', ranked: false },
  { title: 'Boss fights to remember', description: 'Set pieces worth the price alone.', ranked: true },
  { title: 'Games with great cities', description: 'Places that felt lived in.', ranked: false },
  { title: 'Played with my kids', description: 'Family approved, mostly.', ranked: false },
  { title: 'Gave up, no regrets', description: 'Not for me, and that is fine.', ranked: false },
  { title: 'Best of the decade so far', description: 'My shortlist, argued over at length.', ranked: true },
  { title: 'Art direction', description: 'Screenshots that look like paintings.', ranked: false },
  { title: 'Winter playlist', description: 'Snow outside, snow on screen.', ranked: false },
  { title: 'Games I recommend most', description: 'What I tell everyone to play first.', ranked: true },
];

/** Review pieces by how the player rated the game: low (1-4), mid (5-7), high (8-10). */
export const REVIEW_TITLES = {
  low: ['Not for me', 'A missed opportunity', 'Could not stick with it', 'More frustrating than fun'],
  mid: ['Good, not great', 'Solid, with rough edges', 'Worth it on sale', 'Fun while it lasted'],
  high: ['An instant favourite', 'Worth every hour', 'Still thinking about it', 'A must-play'],
} as const;

export const REVIEW_OPENINGS = {
  low: [
    'I wanted to like this more than I did.',
    'The first hours promised more than the rest delivered.',
    'Some good ideas, buried under a lot of busywork.',
  ],
  mid: [
    'A good time with a few rough edges.',
    'It does most things well and nothing badly.',
    'Enjoyable, if a little safe.',
  ],
  high: [
    'This one clicked with me from the very first hour.',
    'Everything here feels deliberate and polished.',
    'A rare game I wanted to start again the moment it ended.',
  ],
} as const;

export const REVIEW_DETAILS: readonly string[] = [
  'The controls feel tight and the pacing rarely drags.',
  'The world is full of small details that reward a slow pace.',
  'The music carries a lot of the mood.',
  'The difficulty curve is uneven, with a spike near the end.',
  'Side content is hit and miss, but the main path is strong.',
  'Menus and inventory could be friendlier.',
  'The writing is sharper than it needs to be, in a good way.',
  'It runs well and loads fast on my setup.',
];
