// snapsolve's page: paste, drop or pick a screenshot; POST it to /api/solve; show the overlay,
// the solution and what the reader was unsure of; step through /api/hint. No framework, no
// request anywhere but this server (the access token, when one is needed, rides in a cookie).
'use strict';

const $ = (id) => document.getElementById(id);
const state = { file: null, solve: null, before: null, after: null, hints: null, step: 0, view: 'after' };

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind || '';
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function section(title, items) {
  const frag = document.createDocumentFragment();
  frag.append(el('h2', title));
  const ul = el('ul');
  for (const it of items) ul.append(el('li', it));
  frag.append(ul);
  return frag;
}

function pre(text) {
  return el('pre', text);
}

async function postImage(path, file) {
  const res = await fetch(path, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: 'the server answered ' + res.status };
  }
  return data;
}

async function submit(file) {
  if (!file) return;
  if (state.before && state.before.startsWith('blob:')) URL.revokeObjectURL(state.before);
  Object.assign(state, { file, solve: null, hints: null, step: 0 });
  $('hint-text').textContent = '';
  clearMarks();
  setStatus('Solving…');
  let data;
  try {
    data = await postImage('/api/solve', file);
  } catch (e) {
    setStatus('Cannot reach snapsolve: ' + e.message, 'bad');
    return;
  }
  show(data, file);
}

const OUTCOME_TEXT = {
  unique: 'Solved: the only solution.',
  several: 'Several solutions: the board as read does not decide these cells.',
  none: 'No solution: what was read cannot hold together.',
  uncertain: 'No answer: the reading is uncertain.',
  timeout: 'The solver ran out of time.',
};

function show(data, file) {
  state.solve = data;
  if (data.error) {
    $('result').hidden = true;
    setStatus('No answer: ' + data.error, 'bad');
    return;
  }
  state.after = data.overlay_png ? 'data:image/png;base64,' + data.overlay_png : null;
  state.before = data.before_png ? 'data:image/png;base64,' + data.before_png : URL.createObjectURL(file);
  setStatus(OUTCOME_TEXT[data.outcome] || data.outcome, data.outcome === 'unique' ? 'ok' : 'bad');
  $('hint').disabled = data.outcome !== 'unique';
  setView(state.after ? 'after' : 'before');
  $('details').replaceChildren(details(data));
  $('result').hidden = false;
}

function details(d) {
  const f = document.createDocumentFragment();
  const r = d.read || {};
  f.append(el('p', `${d.game} ${d.rows}×${d.cols}` + (r.straightened_degrees ? `, straightened by ${r.straightened_degrees.toFixed(1)}°` : '')));
  if (d.solution) {
    f.append(el('h2', 'Solution'));
    f.append(pre(d.solution));
  }
  if (d.solutions) {
    f.append(el('h2', 'Two solutions'));
    d.solutions.forEach((s) => f.append(pre(s)));
    f.append(section('They differ at', [d.differ.map((p) => p.display).join(', ')]));
  }
  if (d.conflict) f.append(section('These cannot hold together', d.conflict.map((c) => c.display)));
  if (d.look_at && d.look_at.length) f.append(section('Cells to look at (least sure first)', [d.look_at.map((p) => p.display).join(', ')]));
  const c = d.certificate || {};
  if (c.kind === 'uncertain') {
    f.append(section('Why no answer', [c.reason]));
    if (c.deciding.length) f.append(section('Read with doubt, and they decide', [c.deciding.map((e) => e.display).join(', ')]));
  }
  if (c.kind === 'repaired') f.append(section('Repaired (the reading changed to the only consistent one)', c.changes.map((x) => x.display)));
  if (d.wrong && d.wrong.length) f.append(section('Wrong placed pieces', d.wrong.map((w) => w.display)));
  const doubts = (r.doubts || []).map((x) => `${x.display || x.cell.display} (confidence ${x.confidence.toFixed(2)})`);
  if (doubts.length) f.append(section('Read with doubt', doubts));
  if (r.occluded && r.occluded.length) f.append(section('Hidden by the pointer', r.occluded.map((x) => x.display)));
  return f;
}

function setView(view) {
  state.view = view;
  const src = view === 'after' ? state.after : state.before;
  if (src) $('shot').src = src;
  $('shot').alt = view === 'after' ? 'The screenshot with the answer drawn on it' : 'The screenshot as sent';
  $('show-after').setAttribute('aria-pressed', String(view === 'after'));
  $('show-before').setAttribute('aria-pressed', String(view === 'before'));
  $('show-after').disabled = !state.after;
  if (view === 'after') clearMarks();
}

function clearMarks() {
  $('marks').replaceChildren();
}

function markCell(grid, pos, cls) {
  const img = $('shot');
  const w = img.naturalWidth, h = img.naturalHeight;
  if (!w || !h) return;
  const m = el('div', undefined, 'mark ' + cls);
  m.style.left = (100 * (grid.left + pos.col * grid.cell_w)) / w + '%';
  m.style.top = (100 * (grid.top + pos.row * grid.cell_h)) / h + '%';
  m.style.width = (100 * grid.cell_w) / w + '%';
  m.style.height = (100 * grid.cell_h) / h + '%';
  $('marks').append(m);
}

async function nextHint() {
  if (!state.file) return;
  if (!state.hints) {
    $('hint-text').textContent = 'Finding the hints…';
    const h = await postImage('/api/hint', state.file);
    if (h.error) {
      $('hint-text').textContent = 'No hint: ' + h.error;
      return;
    }
    state.hints = (h.wrong || []).map((w) => ({ cell: w.cell, explain: 'Fix: ' + w.explain, because: [] }))
      .concat(h.steps || []);
    state.hints.grid = h.grid;
    state.step = 0;
  }
  const hints = state.hints;
  if (state.step >= hints.length) {
    $('hint-text').textContent = 'No more hints: that was the last step.';
    clearMarks();
    return;
  }
  const s = hints[state.step++];
  setView('before');
  clearMarks();
  for (const p of (s.because || []).concat(s.area || [])) markCell(hints.grid, p, 'because');
  markCell(hints.grid, s.cell, 'cell');
  $('hint-text').textContent = `Hint ${state.step} of ${hints.length}: ${s.explain}`;
}

function firstImage(items) {
  for (const it of items || []) {
    if (it.kind === 'file' && it.type.startsWith('image/')) return it.getAsFile();
  }
  return null;
}

document.addEventListener('paste', (e) => {
  const f = firstImage(e.clipboardData && e.clipboardData.items);
  if (f) {
    e.preventDefault();
    submit(f);
  } else {
    setStatus('The clipboard holds no image: copy a screenshot first.', 'bad');
  }
});

window.addEventListener('DOMContentLoaded', () => {
  const drop = $('drop');
  $('file').addEventListener('change', (e) => submit(e.target.files[0]));
  drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      $('file').click();
    }
  });
  ['dragenter', 'dragover'].forEach((t) => document.addEventListener(t, (e) => {
    e.preventDefault();
    drop.classList.add('over');
  }));
  ['dragleave', 'drop'].forEach((t) => document.addEventListener(t, () => drop.classList.remove('over')));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) submit(f);
  });
  $('show-after').addEventListener('click', () => setView('after'));
  $('show-before').addEventListener('click', () => setView('before'));
  $('hint').addEventListener('click', nextHint);
  if (new URLSearchParams(location.search).has('token')) history.replaceState(null, '', '/');
});
