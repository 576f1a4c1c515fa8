// jsdom has no PointerEvent; Zag (under Chakra's checkbox, switch and dialog) builds one when focus moves. Importing
// this module once installs a MouseEvent-based stand-in carrying the two fields Zag reads.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class JsdomPointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = JsdomPointerEvent as unknown as typeof PointerEvent;
}

export {};
