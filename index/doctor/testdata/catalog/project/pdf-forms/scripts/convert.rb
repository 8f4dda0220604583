puts "convert"
