// inventory.groovy -- list Lombok value classes and whether they can become records.
// Usage: groovy inventory.groovy <source-root> > lombok-inventory.tsv

import groovy.io.FileType

def root = new File(args ? args[0] : 'src/main/java')
if (!root.isDirectory()) {
    System.err.println "not a directory: ${root}"
    System.exit(64)
}

def LOMBOK = ~/@(Value|Data|Builder|With|AllArgsConstructor|NoArgsConstructor|Getter|Setter|EqualsAndHashCode|ToString)\b/
def JPA = ~/@(Entity|Embeddable|MappedSuperclass)\b/
def CLASS_DECL = ~/(?m)^\s*(public\s+|protected\s+|private\s+)?(static\s+)?(final\s+)?class\s+(\w+)(\s+extends\s+\w+)?/

// Collect setter calls across the tree once, so @Data classes can be judged.
def setterCalls = [] as Set
root.eachFileRecurse(FileType.FILES) { f ->
    if (!f.name.endsWith('.java')) return
    (f.text =~ /\.set([A-Z]\w*)\(/).each { m -> setterCalls << m[1] }
}

println(['file', 'class', 'annotations', 'verdict', 'reason'].join('\t'))

root.eachFileRecurse(FileType.FILES) { f ->
    if (!f.name.endsWith('.java')) return
    def text = f.text
    if (!text.contains('lombok.')) return
    def decl = text =~ CLASS_DECL
    if (!decl.find()) return
    def className = decl.group(4)
    def extendsClause = decl.group(5)
    def annotations = (text =~ LOMBOK).collect { it[1] }.unique()
    if (!annotations) return

    def verdict = 'record'
    def reason = ''
    if (text =~ JPA) {
        verdict = 'keep-class'; reason = 'JPA type'
    } else if (extendsClause) {
        verdict = 'keep-class'; reason = 'extends another class'
    } else if (annotations.contains('Setter')) {
        verdict = 'keep-class'; reason = 'explicit @Setter'
    } else if (annotations.contains('Data')) {
        def fields = (text =~ /(?m)^\s*(?:private\s+)?(?!static)[\w<>, ?]+\s+(\w+);/).collect { it[1].capitalize() }
        def used = fields.findAll { setterCalls.contains(it) }
        if (used) { verdict = 'keep-class'; reason = "setters used: ${used.join(',')}" }
    } else if (text.contains('boolean equals(')) {
        verdict = 'manual'; reason = 'custom equals'
    } else if (annotations.contains('EqualsAndHashCode') && text =~ /exclude\s*=/) {
        verdict = 'manual'; reason = 'equals excludes fields'
    }
    if (verdict == 'record' && text =~ /(?m)^\s*(?:private\s+)?(?!final)(?!static)\w[\w<>, ?]*\s+\w+\s*=\s*[^;]+;/ && !annotations.contains('Value')) {
        verdict = 'manual'; reason = 'field initialisers'
    }
    def rel = root.toPath().relativize(f.toPath()).toString()
    println([rel, className, annotations.join(' '), verdict, reason].join('\t'))
}
