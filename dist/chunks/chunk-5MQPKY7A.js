import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var n=class{#e=new Map;#t=new Map;#r;constructor(e={}){this.#r=e}budgetShare(e){return this.#r[e]??1}budget(e,r){let t=this.#e.get(e)??r();return this.#e.set(e,t),t}lookups(e,r,t){let s=this.#t.get(e);if(s&&t(s))return s;let i=r();return this.#t.set(e,i),i}};export{n as a};
