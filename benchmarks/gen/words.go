package gen

import "strings"

// verbs start skill names ("fill-pdf-forms", "review-pull-requests").
var verbs = strings.Fields(`analyze build check clean convert create debug deploy design document draft
edit explain export extract fill format generate import index lint manage merge migrate monitor optimize
parse plan profile publish refactor render review scaffold search summarize sync test transform translate
validate visualize write`)

// words is the real-word core of the vocabulary: what skills are about.
var words = strings.Fields(`api accessibility agent airflow alert algorithm analytics android angular
annotation ansible apache archive arrow artifact astro audio audit auth avro aws azure backend backup
bash batch benchmark bigquery binary blog bootstrap branch browser budget bug bundle cache calendar
campaign canvas certificate changelog chart chat checkout chemistry chrome ci circuit citation cli
client cloud cluster code color commit compiler component compose config console container contract
cost coverage cron crypto css csv customer dashboard data database dataset debugger dependency
deployment design diagram diff django docker document domain download email embedding encryption
endpoint engine environment error event excel experiment feature figma file finance firebase firmware
flask font form frontend function gateway genome geospatial git github gitlab golang gradle grafana
graph graphql grpc handler hardware helm histogram hook html http image incident infrastructure
invoice ios issue java javascript jenkins jira job json jupyter kafka kernel kotlin kubernetes label
lambda latency layout ledger library license linux log logging machine markdown marketing matrix
memory mesh metadata metric microscopy migration mobile mock model module molecule monitoring mysql
network newsletter nginx node notebook notification numpy oauth object onboarding openapi
orchestration package pagination pandas parser patch payment pdf performance permission pipeline
plugin podcast policy postgres presentation pricing privacy process product profile prometheus
prompt protein protocol prototype proxy pull python query queue rails react readme recipe redis
regression release report repository request research resume retry review risk robot route rust
s3 sales scanner schema scraper script sdk security sensor sequence server serverless service session
shell signal sitemap slack slide snapshot socket spark spreadsheet sql sqlite stack statistics
storage storybook stream stripe style subscription svelte swift table tailwind task template
tensor terraform test text theme ticket timeline token trace tracking training transcript
translation typescript ui unicode upload usage user vector video vision vue wallet warehouse
webhook website widget wiki word workflow xml yaml youtube zip`)
