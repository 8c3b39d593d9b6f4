### A resource of every construct the probe asks for.
-brand = Nimbus
    .gender = feminine
# A note.
greeting = Hello, { $name }!
a = { -brand.gender ->
    [feminine] Die { -brand }
   *[other] { -brand(case: "dat") }
}
files = { $count ->
    [0] No files
    [one] { $count } file
   *[other] { NUMBER($count, minimumFractionDigits: 2) } files
}
x = { x.y }
    .y = { x }
n = { DATETIME($d, dateStyle: "long") } { "\u00E9\U01F600" } {{ "nested" }}
k =
    Multiline
      indented
    text
broken = { $
