addSbtPlugin("org.typelevel" % "laika-sbt" % "1.2.1")
addSbtPlugin("org.scalameta" % "sbt-mdoc" % "2.6.1")
