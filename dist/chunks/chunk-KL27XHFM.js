import { createRequire } from 'module'; const require = createRequire(import.meta.url);
var n=/(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g,t=/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g,u=/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,c=/^(\s*)(::|##\[)/;function i(e){return e.replace(n,"").replace(t," ").replace(/\t/g," ").replace(u,"").replace(c,"$1> $2")}function s(e){return e.replace(n,"").replace(/\r\n?|[\v\f]/g,`
`).replace(u,"")}function o(e){return e.split(/\r\n|\n/).map(r=>i(r)).join(`
`)}function a(e){return`${e.charAt(0).toLowerCase()}${e.slice(1)}`}export{i as a,s as b,o as c,a as d};
