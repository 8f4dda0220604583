# latexmk configuration for Beamer decks (beamer-deck-build)
$pdf_mode = 4;                       # lualatex
$lualatex = 'lualatex -shell-escape -interaction=nonstopmode -synctex=1 -file-line-error %O %S';
$out_dir = 'out';
$aux_dir = 'out/aux';
@default_files = ('deck.tex');
$max_repeat = 6;
$bibtex_use = 2;
$clean_ext = 'nav snm vrb bbl run.xml synctex.gz _minted-%R';

# Preview
$pdf_previewer = ($^O eq 'darwin') ? 'open -a Skim %S' : 'zathura %S';

# Custom dependency for SVG figures converted with inkscape
add_cus_dep('svg', 'pdf', 0, 'svg2pdf');
sub svg2pdf {
    return system("inkscape --export-type=pdf --export-filename=\"$_[0].pdf\" \"$_[0].svg\"");
}

# Post-build tidy (stale minted/aux caches). See latex/tidy-aux.pl.
$success_cmd = 'perl latex/tidy-aux.pl';
$compiling_cmd = '';
