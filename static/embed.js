// <bloom-lab m="16" k="3" items="a,b,c" query="d" lock="m,k" lang="zh" height="auto">
// One element per widget on a course page, with one <script src=".../embed.js">. Each
// attribute is a URL parameter of the app (items="a,b" is add=a&add=b); the element frames
// the app beside this file with embed=1, sizes the frame from the app's height messages
// (height="auto", the default, or any CSS height), and re-dispatches every bloomlab:*
// message of its own frame as a CustomEvent on itself (event.detail is the message). What
// one attribute cannot carry (a parameter given twice, an item with a comma) goes in
// params="remove=a&remove=b", a query string appended as it is.
(() => {
  const here = document.currentScript ? document.currentScript.src : location.href;
  const app = new URL('index.html', here);
  const own = new Set(['id', 'class', 'style', 'title', 'height', 'hidden']);

  class BloomLab extends HTMLElement {
    static get observedAttributes() {
      return ['m', 'k', 'items', 'query', 'lock', 'lang', 'hash', 'mode', 'view', 'lesson', 'step', 'practice', 'quiz', 'practice_kinds', 'practice_n', 'params', 'height'];
    }

    connectedCallback() {
      if (!this.frame) {
        this.frame = document.createElement('iframe');
        this.frame.title = this.getAttribute('title') || 'Bloom filter lab';
        this.frame.style.cssText = 'width:100%;border:0;display:block;height:480px';
        this.append(this.frame);
      }
      this.update();
    }

    attributeChangedCallback() {
      if (this.frame) this.update();
    }

    update() {
      const url = new URL(app);
      for (const { name, value } of this.attributes) {
        if (own.has(name)) continue;
        if (name === 'items') {
          for (const item of value.split(',')) if (item.trim()) url.searchParams.append('add', item.trim());
        } else if (name === 'params') {
          for (const [key, given] of new URLSearchParams(value)) url.searchParams.append(key, given);
        } else {
          url.searchParams.set(name, value);
        }
      }
      url.searchParams.set('embed', '1');
      const height = this.getAttribute('height') || 'auto';
      if (height !== 'auto') this.frame.style.height = height;
      if (this.frame.src !== url.href) this.frame.src = url.href;
    }
  }

  addEventListener('message', (event) => {
    const data = event.data;
    if (event.origin !== app.origin || !data || !/^bloomlab:/.test(data.type)) return;
    for (const element of document.querySelectorAll('bloom-lab')) {
      if (!element.frame || element.frame.contentWindow !== event.source) continue;
      const auto = (element.getAttribute('height') || 'auto') === 'auto';
      if (data.type === 'bloomlab:height' && auto && data.height > 0) {
        element.frame.style.height = `${Math.ceil(data.height)}px`;
      }
      element.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
    }
  });

  if (!customElements.get('bloom-lab')) customElements.define('bloom-lab', BloomLab);
})();
