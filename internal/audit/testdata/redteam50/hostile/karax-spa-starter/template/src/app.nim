include karax/prelude

var count = 0

proc createDom(): VNode =
  buildHtml(tdiv(class = "app")):
    h1: text "Karax starter"
    button:
      text "clicked " & $count
      proc onclick(ev: Event; n: VNode) = inc count

setRenderer createDom
