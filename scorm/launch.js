// The launch page of a SCORM 1.2 package of the Bloom filter lab (scripts/scorm.mjs writes
// the package; docs/scorm.md says what it records). It finds the LMS's API object as the
// SCORM 1.2 run-time specification says (the window's parents, then its opener's, up to the
// top), opens the assignment's page in a frame with `embed=1`, and turns the frame's
// `bloomlab:result` and `bloomlab:summary` messages into the score, the status, the session
// time and the suspend data; LMSCommit after each exercise and LMSFinish when the page goes.
// Without an API it says so and the frame runs as the plain practice set. Not part of the
// page's first visit: only the package holds this file.
'use strict';

(function () {
  const config = document.body.dataset;
  const assignment = new URLSearchParams(config.assignment || '');
  const mastery = config.mastery === undefined || config.mastery === '' ? null : Number(config.mastery);
  const status = document.getElementById('scorm-status');
  const frame = document.getElementById('scorm-frame');
  const started = Date.now();

  const TEXTS = {
    en: {
      lms: 'Your score is sent to your course as you work (set {seed}).',
      none: 'No learning management system was found: this is the plain practice set, and no score is recorded.',
      student: 'No learning management system was found: this is the set of student {id} (seed {seed}), and no score is recorded.',
    },
    zh: {
      lms: '你的得分会在练习时发送到课程（题组 {seed}）。',
      none: '未找到学习管理系统：这是普通的练习题组，不会记录得分。',
      student: '未找到学习管理系统：这是学生 {id} 的题组（种子 {seed}），不会记录得分。',
    },
    ja: {
      lms: '取り組むにつれて、スコアがコースに送られます（セット {seed}）。',
      none: '学習管理システムが見つかりません。通常の練習セットとして動き、スコアは記録されません。',
      student: '学習管理システムが見つかりません。学生 {id} のセット（シード {seed}）で、スコアは記録されません。',
    },
  };
  const lang = assignment.get('lang') || (navigator.language || 'en').slice(0, 2);
  const texts = TEXTS[lang] || TEXTS.en;

  /** The API in `win` or one of its parents (500 steps at most, as ADL's wrapper allows). */
  function searchParents(win) {
    for (let steps = 0; win && steps < 500; steps++) {
      try {
        if (win.API) return win.API;
      } catch (_) {
        // a parent of another origin cannot be read; the search goes on above it
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  /** The SCORM 1.2 API: in this window's parents, else in its opener's and theirs. */
  function findApi() {
    const found = searchParents(window);
    if (found) return found;
    try {
      if (window.top && window.top.opener) return searchParents(window.top.opener);
    } catch (_) {
      return null;
    }
    return null;
  }

  /** FNV-1a, 32 bits, of the UTF-8 bytes of `text`: the set's seed for a student. */
  function fnv1a32(text) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(text)) {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash;
  }

  /** A SCORM 1.2 CMITimespan, HHHH:MM:SS.SS. */
  function timespan(ms) {
    const centis = Math.floor(ms / 10);
    const pad = (n, w) => String(n).padStart(w, '0');
    const hours = Math.min(9999, Math.floor(centis / 360000));
    const minutes = Math.floor(centis / 6000) % 60;
    const seconds = Math.floor(centis / 100) % 60;
    return `${pad(hours, 4)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(centis % 100, 2)}`;
  }

  /** `practice_done=`'s token for a result: attempts, then `s` when the answer was shown. */
  const token = (result) => `${result.attempts}${result.revealed ? 's' : ''}`;

  const api = findApi();
  const lms = api !== null && String(api.LMSInitialize('')) === 'true';
  const get = (element) => (lms ? String(api.LMSGetValue(element)) : '');
  const set = (element, value) => lms && api.LMSSetValue(element, String(value));

  // The set: a student's own seed from their id and the assignment (the same student gets
  // the same set every time), or on a later session the seed and answers kept in the
  // suspend data; without an LMS, the link's own seed (`?student_id=` on the launch page
  // shows any student's set, for the teacher).
  let saved = null;
  try {
    saved = JSON.parse(get('cmi.suspend_data') || 'null');
  } catch (_) {
    saved = null;
  }
  const studentId = lms ? get('cmi.core.student_id') : new URLSearchParams(location.search).get('student_id');
  // A quiz's seed is `quiz=`; a practice set's and a lesson's practice step's, `practice=`.
  const seedKey = assignment.has('quiz') ? 'quiz' : 'practice';
  let seed = assignment.has(seedKey) ? Number(assignment.get(seedKey)) : null;
  if (saved && Number.isSafeInteger(saved.seed)) {
    seed = saved.seed;
  } else if (studentId) {
    seed = fnv1a32(`${studentId}\n${config.assignment}`);
  }
  const done = saved && Array.isArray(saved.done) ? saved.done.filter((t) => /^[0-2]s?$/.test(t)) : [];

  const query = new URLSearchParams(assignment);
  query.set('embed', '1');
  if (seed !== null) query.set(seedKey, String(seed));
  if (done.length) {
    query.set('practice_done', done.join(','));
    // A lesson carries on at the step that asks its set.
    if (config.practiceStep) query.set('step', config.practiceStep);
  }
  frame.src = `index.html?${query}`;

  status.dataset.lms = lms ? 'found' : 'none';
  const fill = (text) => text.replace('{seed}', seed === null ? '' : seed).replace('{id}', studentId);
  if (lms) status.textContent = fill(texts.lms);
  else status.textContent = studentId ? fill(texts.student) : texts.none;
  if (!lms) return;

  if (get('cmi.core.lesson_status') === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
  set('cmi.core.score.min', 0);
  set('cmi.core.score.max', 100);

  let finished = false;
  let complete = false;
  addEventListener('message', (event) => {
    if (finished || event.source !== frame.contentWindow) return;
    const data = event.data || {};
    if (data.type !== 'bloomlab:result' && data.type !== 'bloomlab:summary') return;
    const raw = data.total > 0 ? Math.round((100 * data.score) / data.total) : 0;
    set('cmi.core.score.raw', raw);
    if (data.type === 'bloomlab:result') {
      done[data.index - 1] = token(data);
      set('cmi.suspend_data', JSON.stringify({ seed: data.seed, done }));
      if (done.length < data.total) set('cmi.core.lesson_status', 'incomplete');
    } else {
      complete = true;
      const judged = raw >= mastery ? 'passed' : 'failed';
      set('cmi.core.lesson_status', mastery === null ? 'completed' : judged);
    }
    set('cmi.core.session_time', timespan(Date.now() - started));
    api.LMSCommit('');
  });

  /** The session's end: its time, a last commit and LMSFinish, once. */
  function finish() {
    if (finished) return;
    finished = true;
    set('cmi.core.exit', complete ? '' : 'suspend');
    set('cmi.core.session_time', timespan(Date.now() - started));
    api.LMSCommit('');
    api.LMSFinish('');
  }
  addEventListener('pagehide', finish);
  addEventListener('beforeunload', finish);
})();
