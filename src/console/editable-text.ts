import { options, type VNode } from 'preact';

/*
 * Preact keeps a reference to the text node it rendered; typing into a contentEditable element (a date or time
 * picker's section) replaces that node, so Preact's next update wrote to a detached node and the field showed the
 * previous keystroke (12/09/2026 came out as 01/00/0202). An editable element's text is set as its inner HTML
 * instead, which Preact compares with the element itself, as React's single text child does.
 */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { contentEditable?: unknown; role?: unknown; children?: unknown; dangerouslySetInnerHTML?: unknown };
  if (typeof vnode.type === 'string' && props.role === 'spinbutton' && props.contentEditable !== undefined && (typeof props.children === 'string' || typeof props.children === 'number')) {
    props.dangerouslySetInnerHTML = { __html: escape(String(props.children)) };
    delete props.children;
  }
  previous?.(vnode);
};
