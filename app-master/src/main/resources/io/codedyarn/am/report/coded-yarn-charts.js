/*
 * coded-yarn's run charts, shared by the AM's live tracking page and the `report` command's
 * self-contained file (page.html is the template of both). The model is RunView's JSON:
 * {title, runs: [{name, group, parameters, targetGap, iterations, latency, events, placement}],
 * benches: [{title, note, columns, rows}]}. The live page polls data.json?since=N and merges what
 * is new into one run; the report gets the whole model inlined. Charts are ECharts'; after each
 * render every chart's element carries data-points (the points it plots), data-marks (its vertical
 * marks' labels, '|'-separated) and <body> data-renders,
 * so that a headless browser can check from the DOM that the charts hold data.
 */
(function () {
  'use strict';

  var charts = {}; // element id -> echarts instance, reused across live renders
  var renders = 0;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function fmt(x) {
    if (x === null || x === undefined) { return ''; }
    if (typeof x === 'number') {
      if (Number.isInteger(x)) { return String(x); }
      var a = Math.abs(x);
      return a !== 0 && (a < 1e-3 || a >= 1e6) ? x.toExponential(3) : x.toPrecision(6);
    }
    return String(x);
  }

  /** The seconds of the first iteration whose gap is <= the target; null when none is. */
  function timeToTarget(run) {
    if (run.targetGap === null || run.targetGap === undefined) { return null; }
    for (var i = 0; i < run.iterations.length; i++) {
      var r = run.iterations[i];
      if (r.gap !== null && r.gap <= run.targetGap) { return {seconds: r.seconds, iteration: r.iteration}; }
    }
    return null;
  }

  /** A chart in `parent`, created once per id; the option replaces the previous one. */
  function chart(parent, id, title, option) {
    var box = document.getElementById(id);
    if (!box) {
      box = el('div', {id: id, 'class': 'chart', 'data-chart': id});
      parent.appendChild(box);
    }
    var c = charts[id];
    if (!c) {
      c = echarts.init(box, null, {renderer: 'canvas'});
      charts[id] = c;
    }
    var points = 0;
    (option.series || []).forEach(function (s) { points += (s.data || []).length; });
    // a chart with nothing to plot says why (option.emptyText) instead of showing bare axes
    var empty = points === 0 && option.emptyText ? option.emptyText : null;
    option.title = {text: title, subtext: empty || '', left: 'center', textStyle: {fontSize: 14}};
    delete option.emptyText;
    option.animation = false;
    option.tooltip = option.tooltip || {trigger: 'axis'};
    c.setOption(option, true);
    box.setAttribute('data-points', String(points));
    // the vertical marks' labels (reached, auto's switches), for tests: a canvas draws no text
    var marks = [];
    (option.series || []).forEach(function (s) {
      ((s.markLine || {}).data || []).forEach(function (m) {
        if (m.xAxis !== undefined) { marks.push(m.label.formatter); }
      });
    });
    box.setAttribute('data-marks', marks.join('|'));
    if (empty) {
      box.setAttribute('data-empty', empty);
    } else {
      box.removeAttribute('data-empty');
    }
    return box;
  }

  function lineSeries(runs, x, y, positive) {
    return runs.map(function (run) {
      var data = [];
      run.iterations.forEach(function (r) {
        var yv = r[y];
        if (yv === null || yv === undefined || r[x] === null) { return; }
        if (positive && !(yv > 0)) { return; } // a log axis shows no zero or negative gap
        data.push([r[x], yv]);
      });
      return {name: run.name, type: 'line', showSymbol: data.length < 60, symbolSize: 4, data: data};
    });
  }

  /**
   * Marks the target gap (a horizontal line), each run's time to it (a vertical line), and each
   * change of code under --scheme auto (a vertical line labelled with the code now in use).
   */
  function markTarget(series, runs, x) {
    series.forEach(function (s, i) {
      var run = runs[i];
      var lines = [];
      if (run.targetGap !== null && run.targetGap !== undefined) {
        var hit = timeToTarget(run);
        lines.push({yAxis: run.targetGap, name: 'target', label: {formatter: 'target ' + fmt(run.targetGap)}});
        if (hit) {
          var at = x === 'seconds' ? hit.seconds : hit.iteration;
          lines.push({xAxis: at, name: 'reached', label: {formatter: fmt(at) + (x === 'seconds' ? ' s' : '')}});
        }
      }
      (run.events || []).forEach(function (e) {
        if (e.event !== 'auto-switched') { return; }
        var code = /in use: (.*?) \(was/.exec(e.reason);
        lines.push({xAxis: x === 'seconds' ? e.seconds : e.iteration, name: 'switched',
          label: {formatter: 'auto: ' + (code ? code[1] : 'switched')}});
      });
      if (lines.length > 0) {
        s.markLine = {symbol: 'none', silent: true, lineStyle: {type: 'dashed'}, data: lines};
      }
    });
  }

  function xy(xName, yName, yLog) {
    return {
      legend: {top: 24, type: 'scroll'},
      grid: {top: 64, left: 70, right: 24, bottom: 48},
      xAxis: {type: 'value', name: xName, nameLocation: 'middle', nameGap: 28, scale: true},
      yAxis: yLog ? {type: 'log', name: yName} : {type: 'value', name: yName, scale: true},
      dataZoom: [{type: 'inside'}]
    };
  }

  var NO_GAP = 'no gap: the runs knew no optimum (train with --target-gap or --reference)';

  function convergence(parent, runs, key) {
    var gapT = xy('seconds', 'relative gap', true);
    gapT.series = lineSeries(runs, 'seconds', 'gap', true);
    markTarget(gapT.series, runs, 'seconds');
    gapT.emptyText = NO_GAP;
    chart(parent, 'gap-time' + key, 'Relative gap vs time', gapT);
    var gapI = xy('iteration', 'relative gap', true);
    gapI.series = lineSeries(runs, 'iteration', 'gap', true);
    markTarget(gapI.series, runs, 'iteration');
    gapI.emptyText = NO_GAP;
    chart(parent, 'gap-iteration' + key, 'Relative gap vs iteration', gapI);
    var objT = xy('seconds', 'objective', false);
    objT.series = lineSeries(runs, 'seconds', 'objective', false);
    chart(parent, 'objective-time' + key, 'Objective vs time', objT);
    var objI = xy('iteration', 'objective', false);
    objI.series = lineSeries(runs, 'iteration', 'objective', false);
    chart(parent, 'objective-iteration' + key, 'Objective vs iteration', objI);
    var it = xy('iteration', 'seconds', false);
    it.series = runs.map(function (run) {
      var data = [];
      var prev = 0; // round 0 ran from the first broadcast (t = 0) to its end
      run.iterations.forEach(function (r) {
        if (r.seconds === null) { return; }
        data.push([r.iteration, r.seconds - prev]);
        prev = r.seconds;
      });
      return {name: run.name, type: 'line', step: 'end', showSymbol: false, data: data};
    });
    chart(parent, 'iteration-time' + key, 'Iteration time', it);
  }

  /**
   * Held-out data (train --validation): each metric of validation.csv against the iteration, one
   * line per run that scored held-out rows, and a table of each run's last score.
   */
  function heldOut(root, runs) {
    var scored = runs.filter(function (r) { return (r.validation || []).length > 0; });
    var box = document.getElementById('held-out');
    if (scored.length === 0) {
      if (box) { box.parentNode.removeChild(box); }
      return;
    }
    if (!box) {
      box = el('section', {id: 'held-out'});
      box.appendChild(el('h2', {}, 'Held-out data'));
      box.appendChild(el('div', {id: 'held-out-charts', 'class': 'grid'}));
      box.appendChild(el('div', {id: 'held-out-table'}));
      var conv = document.getElementById('convergence');
      root.insertBefore(box, conv ? conv.nextSibling : null);
    }
    var names = [];
    scored.forEach(function (r) {
      Object.keys(r.validation[0].metrics).forEach(function (m) {
        if (names.indexOf(m) < 0) { names.push(m); }
      });
    });
    names.forEach(function (m) {
      var o = xy('iteration', m, false);
      o.series = scored.map(function (run) {
        var data = run.validation.filter(function (v) { return v.metrics[m] !== null && v.metrics[m] !== undefined; })
          .map(function (v) { return [v.iteration, v.metrics[m]]; });
        return {name: run.name, type: 'line', showSymbol: data.length < 60, symbolSize: 4, data: data};
      });
      chart(document.getElementById('held-out-charts'), 'held-out-' + m, 'Held-out ' + m + ' vs iteration', o);
    });
    var t = document.getElementById('held-out-table');
    while (t.firstChild) { t.removeChild(t.firstChild); }
    table(t, ['run', 'iteration'].concat(names), scored.map(function (run) {
      var last = run.validation[run.validation.length - 1];
      return [run.name, last.iteration].concat(names.map(function (m) { return last.metrics[m]; }));
    }));
  }

  var USE_MARKS = {
    stale: {symbol: 'triangle', color: '#ff7f0e'},
    discarded: {symbol: 'rect', color: '#7f7f7f'},
    lost: {symbol: 'path://M0,0L10,10M10,0L0,10', color: '#d62728'},
    replaced: {symbol: 'diamond', color: '#9467bd'},
    'in flight': {symbol: 'emptyCircle', color: '#333333'}
  };

  /** Worker x iteration cells colored by latency; stale, discarded, lost results marked. */
  function heatmap(parent, run, index, live) {
    var iters = [];
    var seen = {};
    run.latency.forEach(function (t) {
      if (!seen[t.iteration]) { seen[t.iteration] = true; iters.push(t.iteration); }
    });
    iters.sort(function (a, b) { return a - b; });
    var col = {};
    iters.forEach(function (t, i) { col[t] = i; });
    var workers = run.placement ? run.placement.workers.length : 0;
    run.latency.forEach(function (t) { workers = Math.max(workers, t.worker + 1); });
    var horizon = 0; // the last observation: a task not back has been out at least until then
    var answered = {}; // per worker, the newest iteration it answered
    var max = 0; // the color scale ends at the slowest answered task (a lost one is at least that)
    run.latency.forEach(function (t) {
      horizon = Math.max(horizon, t.sent || 0, t.received || 0);
      if (t.received !== null) {
        answered[t.worker] = Math.max(answered[t.worker] === undefined ? -1 : answered[t.worker], t.iteration);
        max = Math.max(max, t.latency);
      }
    });
    var cells = [];
    var marks = {};
    run.latency.forEach(function (t) {
      var lat = t.latency !== null ? t.latency : horizon - t.sent;
      // live: a task not back yet is in flight, unless its worker has answered a newer one (a
      // worker drops a queued task that a newer one replaced: that one never comes back)
      var use = t.use === 'lost' && live && !(answered[t.worker] > t.iteration) ? 'in flight' : t.use;
      var cell = [col[t.iteration], t.worker, Math.min(lat, max), use, lat];
      cells.push(cell);
      if (USE_MARKS[use]) { (marks[use] = marks[use] || []).push(cell); }
    });
    var series = [{name: 'latency', type: 'heatmap', data: cells, progressive: 0}];
    Object.keys(marks).forEach(function (use) {
      series.push({name: use, type: 'scatter', symbol: USE_MARKS[use].symbol, symbolSize: 7,
        itemStyle: {color: USE_MARKS[use].color, borderColor: USE_MARKS[use].color, borderWidth: 1.5},
        data: marks[use]});
    });
    var ylabels = [];
    for (var w = 0; w < workers; w++) { ylabels.push('w' + w); }
    chart(parent, 'latency-' + index, 'Per-worker latency (s): ' + run.name, {
      tooltip: {trigger: 'item', formatter: function (p) {
        return 'iteration ' + iters[p.data[0]] + ', worker ' + p.data[1] + ': ' + fmt(p.data[4]) + ' s, ' + p.data[3];
      }},
      legend: {top: 24, data: Object.keys(marks)},
      grid: {top: 60, left: 50, right: 90, bottom: 48},
      xAxis: {type: 'category', name: 'iteration', nameLocation: 'middle', nameGap: 28, data: iters},
      yAxis: {type: 'category', name: 'worker', data: ylabels},
      visualMap: {type: 'continuous', seriesIndex: 0, dimension: 2, min: 0, max: max > 0 ? max : 1, calculable: true, precision: 2,
        orient: 'vertical', right: 0, top: 'middle', text: ['slow', 'fast'],
        inRange: {color: ['#f7fbff', '#6baed6', '#08306b']}},
      dataZoom: [{type: 'inside', xAxisIndex: 0}],
      series: series
    });
  }

  function table(parent, columns, rows, cls) {
    var t = el('table', {'class': cls || ''});
    var head = el('tr');
    columns.forEach(function (c) { head.appendChild(el('th', {}, c)); });
    t.appendChild(head);
    rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (v) { tr.appendChild(el('td', {}, fmt(v))); });
      t.appendChild(tr);
    });
    t.setAttribute('data-rows', String(rows.length));
    parent.appendChild(t);
    return t;
  }

  function placement(parent, run) {
    var p = run.placement;
    if (!p) { parent.appendChild(el('p', {}, run.name + ': no placement (no job.json)')); return; }
    parent.appendChild(el('h3', {}, run.name + ': ' + p.partitions + ' partitions'));
    table(parent, ['worker', 'node', 'partitions', 'replicas of each'], p.workers.map(function (w) {
      return [w.worker, w.node || '', w.partitions.join(' '),
        w.partitions.map(function (j) { return p.copies[j]; }).join(' ')];
    }), 'placement');
  }

  function events(parent, run) {
    parent.appendChild(el('h3', {}, run.name + ': ' + run.events.length + ' events'));
    if (run.events.length === 0) { return; }
    table(parent, ['iteration', 'seconds', 'worker', 'node', 'event', 'reason'], run.events.map(function (e) {
      return [e.iteration, e.seconds, e.worker < 0 ? '-' : e.worker, e.node, e.event, e.reason];
    }), 'events');
  }

  function parameters(parent, runs) {
    var keys = [];
    var seen = {};
    runs.forEach(function (r) {
      Object.keys(r.parameters || {}).forEach(function (k) {
        if (!seen[k]) { seen[k] = true; keys.push(k); }
      });
    });
    table(parent, ['parameter'].concat(runs.map(function (r) { return r.name; })), keys.map(function (k) {
      return [k].concat(runs.map(function (r) { return (r.parameters || {})[k]; }));
    }), 'parameters');
  }

  function section(root, id, title) {
    var s = document.getElementById(id);
    if (!s) {
      s = el('section', {id: id});
      root.appendChild(s);
    }
    while (s.firstChild) { s.removeChild(s.firstChild); }
    s.appendChild(el('h2', {}, title));
    return s;
  }

  /** Draws (or redraws) the whole page from the model. */
  function render(model, live) {
    var root = document.getElementById('coded-yarn');
    var runs = model.runs || [];
    document.getElementById('title').textContent = model.title || 'coded-yarn';
    var groups = [];
    var byGroup = {};
    runs.forEach(function (r) {
      var g = r.group || '';
      if (!byGroup[g]) { byGroup[g] = []; groups.push(g); }
      byGroup[g].push(r);
    });
    // charts keep their elements across live renders: sections are built once, charts reused
    var conv = document.getElementById('convergence');
    if (!conv) {
      conv = el('section', {id: 'convergence'});
      conv.appendChild(el('h2', {}, 'Convergence'));
      root.appendChild(conv);
    }
    groups.forEach(function (g, gi) {
      var box = document.getElementById('group-' + gi);
      if (!box) {
        box = el('div', {id: 'group-' + gi, 'class': 'grid'});
        if (g) { conv.appendChild(el('h3', {}, g)); }
        conv.appendChild(box);
      }
      convergence(box, byGroup[g], groups.length > 1 || g ? '-' + gi : '');
    });
    heldOut(root, runs);
    var heat = document.getElementById('latency');
    if (!heat) {
      heat = el('section', {id: 'latency'});
      heat.appendChild(el('h2', {}, 'Per-worker latency'));
      heat.appendChild(el('p', {'class': 'note'},
        'Cells: a task\'s round trip (send to result), by worker and iteration; the color ' +
        'scale ends at the slowest answered task. Marks: results received stale (older round, ' +
        'still used) or discarded; tasks lost (never came back: a worker drops a queued task ' +
        'that a newer one replaced; colored by the time they were out, at least), replaced ' +
        '(their worker was) or, on a live page, still in flight; unmarked cells were used.'));
      root.appendChild(heat);
    }
    runs.forEach(function (run, i) { heatmap(heat, run, i, live && !model.finished); });
    var place = section(root, 'placement', 'Placement (worker \u2192 node \u2192 partitions)');
    runs.forEach(function (run) { placement(place, run); });
    var ev = section(root, 'events', 'Adaptation events');
    runs.forEach(function (run) { events(ev, run); });
    parameters(section(root, 'parameters', 'Parameters'), runs);
    if ((model.benches || []).length > 0) {
      var b = section(root, 'benches', 'Benchmarks');
      model.benches.forEach(function (bench) {
        b.appendChild(el('h3', {}, bench.title));
        if (bench.note) { b.appendChild(el('p', {'class': 'note'}, bench.note)); }
        table(b, bench.columns, bench.rows, 'bench');
      });
    }
    renders++;
    document.body.setAttribute('data-renders', String(renders));
    document.body.setAttribute('data-iterations', String(runs.reduce(function (n, r) {
      return n + r.iterations.length;
    }, 0)));
  }

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (k) { charts[k].resize(); });
  });

  /** The report: the model is inlined in the page. */
  function report(model) {
    render(model, false);
    document.getElementById('status').textContent = (model.runs || []).length + ' run(s)';
  }

  /**
   * The live page: polls `url`?since=N at most once a second, merges what is new into one run
   * (iterations and events appended; a task's newer record replaces its older one) and redraws.
   */
  function live(url) {
    var run = {name: 'run', group: '', parameters: {}, targetGap: null, iterations: [],
      latency: [], events: [], placement: null, validation: []};
    var model = {title: 'coded-yarn', runs: [run], benches: [], finished: false};
    var taskIndex = {};
    var next = 0;
    var status = document.getElementById('status');

    function merge(d) {
      model.title = d.title;
      model.finished = d.finished;
      run.name = d.run.name;
      run.parameters = d.run.parameters;
      run.targetGap = d.run.targetGap;
      run.placement = d.run.placement;
      Array.prototype.push.apply(run.iterations, d.run.iterations);
      Array.prototype.push.apply(run.events, d.run.events);
      Array.prototype.push.apply(run.validation, d.run.validation || []);
      d.run.latency.forEach(function (t) {
        var k = t.iteration + '/' + t.worker;
        if (taskIndex[k] === undefined) {
          taskIndex[k] = run.latency.length;
          run.latency.push(t);
        } else {
          run.latency[taskIndex[k]] = t;
        }
      });
      next = d.next;
    }

    function poll() {
      var started = Date.now();
      fetch(url + '?since=' + next, {cache: 'no-store'}).then(function (response) {
        if (!response.ok) { throw new Error('HTTP ' + response.status); }
        return response.json();
      }).then(function (d) {
        var fresh = d.next !== next || renders === 0;
        merge(d);
        if (d.more) { poll(); return; } // catching up: fetch the rest before drawing
        if (fresh) { render(model, true); }
        status.textContent = d.status + (d.finished ? ' (finished)' : '');
        document.body.setAttribute('data-next', String(next));
        if (!d.finished) {
          setTimeout(poll, Math.max(0, 1000 - (Date.now() - started)));
        }
      }).catch(function (e) {
        // the application ended and its AM is gone, or the proxy is unreachable
        status.textContent = 'no more updates: ' + e.message;
        document.body.setAttribute('data-error', e.message);
      });
    }
    poll();
  }

  window.CodedYarnCharts = {report: report, live: live, timeToTarget: timeToTarget};
})();
