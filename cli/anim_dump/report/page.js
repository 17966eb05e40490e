// The anim-dump report's page (cli/anim_dump/report_html.h): reads the data embedded in
// #report-data (laid out as cli/anim_dump/report_data.h says) and shows the chosen frame in every
// panel. Names are only ever set as text, never as markup.
'use strict';
(() => {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const meta = data.meta;
  const frames = data.frames;
  const count = frames.time.length;
  const text = (index) => (index >= 0 ? data.strings[index] : '');
  // The columns of a task row and of a frame's summary (report_data.h).
  const TASK = {type: 0, stage: 1, deps: 2, node: 3, reachable: 4, fields: 5, reason: 6, order: 7, buffer: 8,
                stolenFrom: 9, handedOver: 10, live: 11};
  const SUMMARY = {output: 0, reachable: 1, peak: 2, tasks: 3, activeBones: 4, bones: 5};

  const slider = document.getElementById('frame');
  let current = 0;     // the frame shown, as an index into the frames' arrays
  const panels = [];   // each panel's draw(current)

  function element(tag, properties, children) {
    const e = document.createElement(tag);
    Object.assign(e, properties || {});
    for (const child of children || []) e.append(child);
    return e;
  }
  const finite = (v) => typeof v === 'number' && Number.isFinite(v);
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  const show = (v) => (finite(v) ? String(v) : '-');
  function line(g, a, b) {
    g.beginPath();
    g.moveTo(a[0], a[1]);
    g.lineTo(b[0], b[1]);
    g.stroke();
  }
  // A canvas as wide as it is laid out; setting the size clears it.
  function fit(canvas, height) {
    canvas.width = Math.max(1, canvas.clientWidth);
    if (height !== undefined) canvas.height = height;
    return canvas.getContext('2d');
  }
  // A colour per small number (a state, an event name), far apart around the wheel.
  const hue = (n, lightness) => `hsl(${(n * 137.5) % 360}, 60%, ${lightness}%)`;

  // The skeleton: the model-space joints projected on a canvas, turned about the centre of every
  // frame's joints and IK targets (drag) and zoomed (wheel), the frame's IK targets marked and
  // labelled with their solver's node as `pose --format svg` marks them. What it drew stays on the
  // canvas as data-frame, data-joints (the model positions, by bone) and data-targets, for tests.
  function skeletonPanel() {
    const canvas = document.getElementById('skeleton');
    const bones = meta.bones;
    const lo = [0, 0, 0], hi = [0, 0, 0];  // the origin stays in view
    const include = (xyz) => xyz.forEach((v, k) => {
      if (!finite(v)) return;
      lo[k % 3] = Math.min(lo[k % 3], v);
      hi[k % 3] = Math.max(hi[k % 3], v);
    });
    frames.joints.forEach(include);
    frames.targets.forEach((targets) => targets.forEach((t) => include(t.slice(2))));
    const centre = lo.map((v, a) => (v + hi[a]) / 2);
    const span = Math.max(0.5, hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    const grid = Math.pow(10, Math.floor(Math.log10(span)));
    const view = {yaw: -0.6, pitch: 0.3, zoom: 1};

    // +Y up; yaw 0 and pitch 0 look at the front (from +Z, +X to the right).
    function project(p, w, h) {
      const x = p[0] - centre[0], y = p[1] - centre[1], z = p[2] - centre[2];
      const cy = Math.cos(view.yaw), sy = Math.sin(view.yaw);
      const cp = Math.cos(view.pitch), sp = Math.sin(view.pitch);
      const across = x * cy - z * sy, depth = x * sy + z * cy;
      const up = y * cp - depth * sp;
      const scale = (view.zoom * 0.85 * Math.min(w, h)) / span;
      return [w / 2 + across * scale, h / 2 - up * scale];
    }

    function draw(i) {
      const g = fit(canvas);
      const w = canvas.width, h = canvas.height;
      const at = (p) => project(p, w, h);
      g.fillStyle = '#fafafa';
      g.fillRect(0, 0, w, h);
      g.strokeStyle = '#dddddd';
      g.lineWidth = 1;
      const lines = Math.ceil(span / grid);
      for (let k = -lines; k <= lines; ++k) {
        const v = k * grid, r = lines * grid;
        line(g, at([centre[0] + v, 0, centre[2] - r]), at([centre[0] + v, 0, centre[2] + r]));
        line(g, at([centre[0] - r, 0, centre[2] + v]), at([centre[0] + r, 0, centre[2] + v]));
      }
      const joints = frames.joints[i];
      const drawn = bones.names.map((name, b) => [joints[3 * b], joints[3 * b + 1], joints[3 * b + 2]]);
      const whole = (p) => p.every(finite);
      g.lineWidth = 2.5;
      drawn.forEach((p, b) => {
        const parent = bones.parents[b];
        if (parent < 0 || !whole(p) || !whole(drawn[parent])) return;
        g.strokeStyle = bones.colours[b];
        line(g, at(drawn[parent]), at(p));
      });
      drawn.forEach((p, b) => {
        if (!whole(p)) return;
        const [x, y] = at(p);
        g.fillStyle = bones.colours[b];
        g.beginPath();
        g.arc(x, y, 3, 0, 2 * Math.PI);
        g.fill();
      });
      const targets = frames.targets[i].map(([ground, node, x, y, z]) => ({ground: ground === 1, node: text(node), at: [x, y, z]}));
      targets.filter((t) => whole(t.at)).forEach((t) => drawTarget(g, t, at));
      g.fillStyle = '#777777';
      g.fillText(`grid ${grid} m`, 6, h - 6);
      canvas.dataset.frame = String(meta.first_frame + i);
      canvas.dataset.joints = JSON.stringify(drawn);
      canvas.dataset.targets = JSON.stringify(targets);
    }

    // A point to reach as a green cross; a foot IK's ground as a dashed square on that plane,
    // around the point under the foot. Each labelled with its solver's node.
    function drawTarget(g, t, at) {
      const [x, y] = at(t.at);
      const colour = t.ground ? '#8a6d3b' : '#1a8a3a';
      g.strokeStyle = colour;
      g.lineWidth = 2;
      if (t.ground) {
        const r = span * 0.06;
        g.setLineDash([4, 3]);
        g.beginPath();
        [[-r, -r], [r, -r], [r, r], [-r, r]].forEach(([dx, dz], k) => {
          const [cx, cy] = at([t.at[0] + dx, t.at[1], t.at[2] + dz]);
          k === 0 ? g.moveTo(cx, cy) : g.lineTo(cx, cy);
        });
        g.closePath();
        g.stroke();
        g.setLineDash([]);
      } else {
        line(g, [x - 5, y - 5], [x + 5, y + 5]);
        line(g, [x - 5, y + 5], [x + 5, y - 5]);
      }
      g.fillStyle = colour;
      const width = g.measureText(t.node).width;  // on the left of the marker near the right edge
      g.fillText(t.node, x + 8 + width > g.canvas.width ? x - 8 - width : x + 8, y - 6);
    }

    let drag = null;
    canvas.addEventListener('pointerdown', (e) => {
      drag = {x: e.clientX, y: e.clientY};
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!drag) return;
      view.yaw += (e.clientX - drag.x) * 0.01;
      view.pitch = clamp(view.pitch + (e.clientY - drag.y) * 0.01, -1.5, 1.5);
      drag = {x: e.clientX, y: e.clientY};
      draw(current);
    });
    canvas.addEventListener('pointerup', () => { drag = null; });
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      view.zoom = clamp(view.zoom * Math.exp(-e.deltaY * 0.001), 0.1, 50);
      draw(current);
    }, {passive: false});
    return draw;
  }

  // The accumulated root from above over the whole run, the frame's position and heading marked.
  function rootPanel() {
    const canvas = document.getElementById('root');
    const points = frames.root.filter((r) => finite(r[0]) && finite(r[2]));
    let lx = 0, hx = 0, lz = 0, hz = 0;
    for (const [x, , z] of points) {
      lx = Math.min(lx, x); hx = Math.max(hx, x);
      lz = Math.min(lz, z); hz = Math.max(hz, z);
    }
    const span = Math.max(hx - lx, hz - lz, 2);
    const step = Math.pow(10, Math.ceil(Math.log10(span / 10)));
    return (i) => {
      const g = fit(canvas);
      const w = canvas.width, h = canvas.height;
      const scale = (Math.min(w, h) - 40) / span;
      const sx = (x) => w / 2 + (x - (lx + hx) / 2) * scale;
      const sy = (z) => h / 2 - (z - (lz + hz) / 2) * scale;
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, w, h);
      g.strokeStyle = '#eeeeee';
      g.lineWidth = 1;
      for (let k = Math.floor((lx - span) / step); k * step <= hx + span; ++k)
        line(g, [sx(k * step), 0], [sx(k * step), h]);
      for (let k = Math.floor((lz - span) / step); k * step <= hz + span; ++k)
        line(g, [0, sy(k * step)], [w, sy(k * step)]);
      g.strokeStyle = '#2060c0';
      g.lineWidth = 2;
      g.beginPath();
      points.forEach(([x, , z], k) => (k === 0 ? g.moveTo(sx(x), sy(z)) : g.lineTo(sx(x), sy(z))));
      g.stroke();
      if (points.length > 0) {
        const [fx, , fz] = points[0], [ex, , ez] = points[points.length - 1];
        g.fillStyle = '#20a040';
        g.beginPath();
        g.arc(sx(fx), sy(fz), 5, 0, 2 * Math.PI);
        g.fill();
        g.fillStyle = '#c02020';
        g.fillRect(sx(ex) - 5, sy(ez) - 5, 10, 10);
      }
      const [x, , z, heading] = frames.root[i];
      g.fillStyle = '#222222';
      if (finite(x) && finite(z)) {
        const a = ((heading || 0) * Math.PI) / 180;
        g.strokeStyle = '#c04020';
        g.lineWidth = 3;
        line(g, [sx(x), sy(z)], [sx(x) + 22 * Math.sin(a), sy(z) - 22 * Math.cos(a)]);
        g.beginPath();
        g.arc(sx(x), sy(z), 6, 0, 2 * Math.PI);
        g.fill();
      }
      g.fillText(`root (${show(x)}, ${show(z)}), heading ${show(heading)} degrees; grid ${step} m`, 6, h - 6);
    };
  }

  // Each machine's states, the current one highlighted, and a transition starting or blending.
  function machinesPanel() {
    const rows = meta.machines.map((m) => {
      const states = m.states.map((s) => element('span', {className: 'state', textContent: s}));
      const transition = element('span', {className: 'transition'});
      document.getElementById('machines').append(
          element('div', {className: 'machine'},
                  [element('span', {className: 'name', textContent: m.name}), ...states, transition]));
      return {states, transition};
    });
    return (i) => {
      frames.machines[i].forEach(([state, blending, started], m) => {
        if (m >= rows.length) return;
        rows[m].states.forEach((s, k) => s.classList.toggle('active', k === state));
        rows[m].transition.textContent =
            started >= 0 ? `transition ${text(started)} starts` : blending ? 'blending' : '';
      });
    };
  }

  function eventsPanel() {
    const body = document.querySelector('#events tbody');
    return (i) => {
      body.replaceChildren(...frames.events[i].map(([name, phase, source, origin, weight]) =>
          element('tr', {}, [text(name), text(phase), text(source), text(origin), show(weight)].map(
              (v) => element('td', {textContent: v})))));
      if (frames.events[i].length === 0)
        body.append(element('tr', {}, [element('td', {colSpan: 5, textContent: 'none'})]));
    };
  }

  // The task list as `anim-dump tasks` prints it, with what the executor did with each result.
  function tasksPanel() {
    const body = document.querySelector('#tasks tbody');
    const summary = document.getElementById('task-summary');
    function buffer(t) {
      if (t[TASK.order] < 0) return '';
      if (t[TASK.buffer] < 0) return 'none: kept in its snapshot slot';
      let s = t[TASK.stolenFrom] === null ? `acquire ${t[TASK.buffer]}` : `steal ${t[TASK.buffer]}`;
      if (t[TASK.stolenFrom] !== null && t[TASK.stolenFrom] >= 0) s += ` from task ${t[TASK.stolenFrom]}`;
      if (t[TASK.handedOver]) s += ', handed over to the seam\'s history';
      return s;
    }
    return (i) => {
      const s = frames.summary[i];
      summary.textContent = `output task ${s[SUMMARY.output]}; ${s[SUMMARY.reachable]} of ${s[SUMMARY.tasks]} ` +
          `tasks reachable; peak ${s[SUMMARY.peak]} live buffers` +
          (s[SUMMARY.activeBones] < s[SUMMARY.bones] ? `; LOD ${s[SUMMARY.activeBones]} of ${s[SUMMARY.bones]} bones` : '');
      body.replaceChildren(...frames.tasks[i].map((t, index) => {
        const reachable = t[TASK.reachable] === 1;
        const cells = [String(index), text(t[TASK.type]), text(t[TASK.stage]), t[TASK.deps].join(', '),
                       text(t[TASK.fields]), text(t[TASK.node]) || '-',
                       reachable ? 'yes' : `no: ${text(t[TASK.reason])}`, buffer(t),
                       t[TASK.order] < 0 ? '' : String(t[TASK.live])];
        return element('tr', {className: reachable ? '' : 'pruned'},
                       cells.map((v, k) => element('td', {textContent: v, className: k === 0 || k === 8 ? 'num' : ''})));
      }));
    };
  }

  // Which pool buffer each executed task's result held, from the step it ran until another task
  // stole the buffer or it was released; acquired blue, stolen green.
  function buffersPanel() {
    const canvas = document.getElementById('buffers');
    const left = 70, row = 30, top = 18;
    return (i) => {
      const slices = frames.slices[i], tasks = frames.tasks[i];
      const buffers = Math.max(1, ...slices.map((s) => s[1] + 1));
      const steps = Math.max(1, ...slices.map((s) => s[3]));
      const g = fit(canvas, top + buffers * row + 20);
      const w = canvas.width;
      const width = Math.max(8, (w - left - 4) / steps);
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, w, canvas.height);
      g.font = '11px monospace';
      for (let b = 0; b < buffers; ++b) {
        g.fillStyle = b % 2 === 0 ? '#f5f5f5' : '#ffffff';
        g.fillRect(left, top + b * row, w - left, row);
        g.fillStyle = '#222222';
        g.fillText(`buffer ${b}`, 4, top + b * row + row / 2 + 4);
      }
      for (let step = 0; step < steps; ++step) {
        g.fillStyle = '#888888';
        g.fillText(String(step), left + step * width + 2, 12);
      }
      for (const [task, b, start, end] of slices) {
        const t = tasks[task];
        const x = left + start * width + 1, y = top + b * row + 2;
        g.fillStyle = t[TASK.stolenFrom] === null ? '#cfe3f7' : '#d7f0d0';
        g.strokeStyle = '#555555';
        g.fillRect(x, y, (end - start) * width - 2, row - 4);
        g.strokeRect(x, y, (end - start) * width - 2, row - 4);
        g.fillStyle = '#222222';
        g.save();
        g.beginPath();
        g.rect(x, y, (end - start) * width - 2, row - 4);
        g.clip();
        g.fillText(`${task} ${text(t[TASK.type])}`, x + 3, y + 16);
        g.restore();
      }
      g.fillStyle = '#555555';
      g.fillText('live', 4, top + buffers * row + 14);
      for (const t of tasks) {
        if (t[TASK.order] >= 0) g.fillText(String(t[TASK.live]), left + t[TASK.order] * width + 2, top + buffers * row + 14);
      }
    };
  }

  // The plots over the whole run, each a row: a label with the frame's value, and a canvas whose
  // picture is drawn once (again on resize) with a cursor at the frame.
  function timePanel() {
    const plots = [];
    const container = document.getElementById('plots');
    const x = (k, w) => ((k + 0.5) / count) * w;
    function addPlot(name, value, paint, height = 36) {
      const label = element('div', {className: 'label'});
      const canvas = element('canvas', {height});
      container.append(element('div', {className: 'plot'}, [label, canvas]));
      const plot = {picture: null};
      const seek = (e) => {
        if (e.buttons !== 1 && e.type !== 'pointerdown') return;
        const r = canvas.getBoundingClientRect();
        setFrame(Math.floor(((e.clientX - r.left) / r.width) * count));
      };
      canvas.addEventListener('pointerdown', seek);
      canvas.addEventListener('pointermove', seek);
      plot.draw = (i) => {
        const g = fit(canvas);
        if (!plot.picture || plot.picture.width !== canvas.width) {
          plot.picture = element('canvas', {width: canvas.width, height});
          const p = plot.picture.getContext('2d');
          p.fillStyle = '#ffffff';
          p.fillRect(0, 0, canvas.width, height);
          paint(p, canvas.width, height);
        }
        g.drawImage(plot.picture, 0, 0);
        g.strokeStyle = '#000000';
        g.lineWidth = 1;
        line(g, [x(i, canvas.width), 0], [x(i, canvas.width), height]);
        label.textContent = `${name}${value(i)}`;
      };
      plots.push(plot);
    }
    // Lines through series of values (null: a gap), scaled together to the plot's height.
    function lines(series, colours) {
      return (g, w, h) => {
        const values = series.flat().filter(finite);
        let lo = Math.min(0, ...values), hi = Math.max(0, ...values);
        if (hi - lo < 1e-9) hi = lo + 1;
        const y = (v) => h - 3 - ((v - lo) / (hi - lo)) * (h - 6);
        g.strokeStyle = '#eeeeee';
        line(g, [0, y(0)], [w, y(0)]);
        series.forEach((s, k) => {
          g.strokeStyle = colours[k];
          g.lineWidth = 1.5;
          g.beginPath();
          let open = false;
          s.forEach((v, f) => {
            if (!finite(v)) { open = false; return; }
            open ? g.lineTo(x(f, w), y(v)) : g.moveTo(x(f, w), y(v));
            open = true;
          });
          g.stroke();
        });
      };
    }

    meta.machines.forEach((m, index) => {
      addPlot(`${m.name}: `, (i) => m.states[frames.machines[i][index][0]] || '', (g, w, h) => {
        frames.machines.forEach((ms, f) => {
          const [state, , started] = ms[index];
          g.fillStyle = hue(state, 75);
          g.fillRect(x(f - 0.5, w), 2, w / count + 1, h - 4);
          if (started >= 0) {
            g.fillStyle = '#c04020';
            g.fillRect(x(f - 0.5, w), 0, 2, h);
          }
        });
      });
    });
    const eventNames = [...new Set(frames.events.flat().map((e) => e[0]))];
    addPlot('events: ', (i) => frames.events[i].map((e) => text(e[0])).join(', '), (g, w, h) => {
      frames.events.forEach((events, f) => events.forEach((e) => {
        const k = eventNames.indexOf(e[0]);
        g.fillStyle = hue(k, 45);
        g.fillRect(x(f, w) - 1, 2 + (k % 4) * ((h - 4) / 4), 3, (h - 4) / 4);
      }));
    });
    const column = (array, k) => array.map((row) => row[k]);
    addPlot('reachable tasks ', (i) => `${frames.summary[i][SUMMARY.reachable]}/${frames.summary[i][SUMMARY.tasks]}`,
            lines([column(frames.summary, SUMMARY.tasks), column(frames.summary, SUMMARY.reachable)],
                  ['#bbbbbb', '#2060c0']));
    addPlot('peak buffers ', (i) => String(frames.summary[i][SUMMARY.peak]),
            lines([column(frames.summary, SUMMARY.peak)], ['#c04020']));
    let offset = 0;
    for (const p of meta.params) {
      const first = offset;
      const series = [...Array(p.components).keys()].map((c) => column(frames.params, first + c));
      addPlot(`${p.name} (${p.type}) `, (i) => series.map((s) => show(s[i])).join(' '),
              lines(series, ['#2060c0', '#20a040', '#c04020']));
      offset += p.components;
    }
    meta.curves.forEach((name, k) => {
      const series = column(frames.curves, k);
      addPlot(`curve ${name} `, (i) => show(series[i]), lines([series], ['#8040a0']));
    });
    return (i) => plots.forEach((p) => p.draw(i));
  }

  function setFrame(i) {
    current = clamp(Math.round(i), 0, count - 1);
    slider.value = String(meta.first_frame + current);
    document.getElementById('frame-label').textContent =
        `frame ${meta.first_frame + current} of ${meta.first_frame}-${meta.last_frame}  t=${frames.time[current]} s`;
    document.body.dataset.frame = String(meta.first_frame + current);
    for (const draw of panels) draw(current);
  }

  let timer = null;
  const playButton = document.getElementById('play');
  function play(on) {
    clearInterval(timer);
    timer = null;
    playButton.textContent = on ? 'pause' : 'play';
    if (!on) return;
    if (current === count - 1) setFrame(0);
    const seconds = count > 1 ? frames.time[1] - frames.time[0] : 1 / 30;
    timer = setInterval(() => (current < count - 1 ? setFrame(current + 1) : play(false)), seconds * 1000);
  }

  document.getElementById('title').textContent =
      `${meta.title}: frames ${meta.first_frame}-${meta.last_frame}`;
  slider.min = String(meta.first_frame);
  slider.max = String(meta.last_frame);
  slider.addEventListener('input', () => setFrame(Number(slider.value) - meta.first_frame));
  document.getElementById('first').addEventListener('click', () => setFrame(0));
  document.getElementById('prev').addEventListener('click', () => setFrame(current - 1));
  document.getElementById('next').addEventListener('click', () => setFrame(current + 1));
  document.getElementById('last').addEventListener('click', () => setFrame(count - 1));
  playButton.addEventListener('click', () => play(timer === null));
  document.addEventListener('keydown', (e) => {
    // The slider moves itself with its own keys (and says so with an input event); a button
    // acts on space and enter.
    if (e.target === slider && e.key !== ' ') return;
    if (e.target instanceof HTMLButtonElement && (e.key === ' ' || e.key === 'Enter')) return;
    const moves = {ArrowLeft: () => setFrame(current - 1), ArrowRight: () => setFrame(current + 1),
                   Home: () => setFrame(0), End: () => setFrame(count - 1), ' ': () => play(timer === null)};
    if (!(e.key in moves)) return;
    e.preventDefault();
    moves[e.key]();
  });
  window.addEventListener('resize', () => setFrame(current));

  panels.push(skeletonPanel(), rootPanel(), machinesPanel(), eventsPanel(), tasksPanel(), buffersPanel(),
              timePanel());
  setFrame(0);
})();
